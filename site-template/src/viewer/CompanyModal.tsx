import { useState } from 'react';
import type { Language } from '../../../model/language.ts';
import type { CompanyInfo } from '../../../model/site.ts';
import Overlay from './Overlay.tsx';
import type { CompanyTab } from './footer-rules.ts';
import { t } from './i18n.ts';

type Props = { tabs: CompanyTab[]; company: CompanyInfo; initialTab: CompanyTab['key']; lang: Language; onClose: () => void };

/** The company-info dialog: its four tabs (those with text), the owner's texts shown as plain text. */
export default function CompanyModal({ tabs, company, initialTab, lang, onClose }: Props) {
  const [current, setCurrent] = useState(initialTab);
  const tab = tabs.find((candidate) => candidate.key === current) ?? tabs[0]!;
  return (
    <Overlay label={t('companyInfo', lang)} lang={lang} onClose={onClose} className="sg-company-modal" header={<h2>{t('companyInfo', lang)}</h2>}>
      <div className="sg-tablist" role="tablist">
        {tabs.map((candidate) => (
          <button
            key={candidate.key}
            type="button"
            role="tab"
            id={`sg-tab-${candidate.key}`}
            aria-selected={candidate.key === tab.key}
            aria-controls="sg-tabpanel"
            className="sg-tab"
            onClick={() => setCurrent(candidate.key)}
          >
            {t(candidate.key, lang)}
          </button>
        ))}
      </div>
      <div className="sg-dialog-body sg-tabpanel" id="sg-tabpanel" role="tabpanel" aria-labelledby={`sg-tab-${tab.key}`}>
        <p className="sg-company-text">{company[tab.field]}</p>
        {tab.key === 'companyProfile' && company.companyWebsite && (
          <p>
            <a href={company.companyWebsite} target="_blank" rel="noopener noreferrer">
              {t('companyWebsite', lang)}
            </a>
          </p>
        )}
      </div>
    </Overlay>
  );
}
