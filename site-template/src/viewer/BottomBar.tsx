import { lazy, Suspense, useCallback, useState } from 'react';
import type { Language } from '../../../model/language.ts';
import type { CompanyInfo, Sns } from '../../../model/site.ts';
import { snsHref, type CompanyTab } from './footer-rules.ts';
import { t } from './i18n.ts';
import { footerLayout } from './layout-rules.ts';

// Read by few visitors, and long: the company texts' dialog loads on its first open.
const CompanyModal = lazy(() => import('./CompanyModal.tsx'));

/** Short marks for the social links; their names are the accessible labels. */
const SNS_MARKS: Record<Sns['snsType'], string> = {
  youtube: '▶',
  line: 'LINE',
  instagram: 'IG',
  x: '𝕏',
  tiktok: '♪',
  facebook: 'f',
  phone_number: '☎',
  google_map: '⌖',
};

type Props = { sns: Sns[]; tabs: CompanyTab[]; company: CompanyInfo; poweredBy: boolean; lang: Language; pc: boolean };

/**
 * The page's bottom bar: social links, company-info tabs and, on the free plan, the powered-by
 * line; nothing without any. Its height follows its rows (spec §9: 37, 68, 96 px); it sits over the
 * page, so it moves nothing.
 */
export default function BottomBar({ sns, tabs, company, poweredBy, lang, pc }: Props) {
  const [openTab, setOpenTab] = useState<CompanyTab['key'] | null>(null);
  const close = useCallback(() => setOpenTab(null), []);
  const layout = footerLayout(Number(sns.length > 0) + Number(tabs.length > 0) + Number(poweredBy), pc);
  if (!layout) return null;
  return (
    <footer className="sg-bottom-bar" style={{ height: layout.height, bottom: layout.bottom }}>
      {sns.length > 0 && (
        <nav className="sg-sns" aria-label={t('socialLinks', lang)}>
          {sns.map((link) => (
            <a
              key={`${link.snsType}-${link.snsUrl}`}
              className={`sg-sns-link sg-sns-${link.snsType}`}
              data-sns-type={link.snsType}
              href={snsHref(link)}
              aria-label={t(`sns_${link.snsType}`, lang)}
              {...(link.snsType === 'phone_number' ? {} : { target: '_blank', rel: 'noopener noreferrer' })}
            >
              {SNS_MARKS[link.snsType]}
            </a>
          ))}
        </nav>
      )}
      {tabs.length > 0 && (
        <nav className="sg-company-tabs" aria-label={t('companyInfo', lang)}>
          {tabs.map((tab) => (
            <button key={tab.key} type="button" className="sg-company-tab" data-tab={tab.key} aria-haspopup="dialog" onClick={() => setOpenTab(tab.key)}>
              {t(tab.key, lang)}
            </button>
          ))}
        </nav>
      )}
      {poweredBy && <p className="sg-powered-by">{t('poweredBy', lang)}</p>}
      {openTab && (
        <Suspense fallback={null}>
          <CompanyModal tabs={tabs} company={company} initialTab={openTab} lang={lang} onClose={close} />
        </Suspense>
      )}
    </footer>
  );
}
