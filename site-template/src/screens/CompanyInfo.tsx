import type { Language } from '../../../model/language.ts';
import type { CompanyInfo as Company } from '../../../model/site.ts';
import { t } from '../viewer/i18n.ts';
import { st } from './screen-texts.ts';

const SECTIONS = [
  ['companyProfile', 'companyProfile'],
  ['commercialTransactions', 'companyClause'],
  ['termsOfUse', 'termsOfService'],
  ['privacyPolicy', 'privacyPolicy'],
] as const;

/** The company's texts under a form, where the owner chose to show them (showInContact, showInForm, showInMemberShip). */
export default function CompanyInfo({ company, lang }: { company: Company; lang: Language }) {
  const shown = SECTIONS.filter(([, field]) => company[field]?.trim());
  if (shown.length === 0 && !company.companyWebsite) return null;
  return (
    <section className="sg-screen-company" aria-label={st('companyInfo', lang)}>
      {shown.map(([label, field]) => (
        <details key={field}>
          <summary>{t(label, lang)}</summary>
          <p className="sg-company-text">{company[field]}</p>
        </details>
      ))}
      {company.companyWebsite && (
        <p>
          <a href={company.companyWebsite} target="_blank" rel="noopener noreferrer">
            {t('companyWebsite', lang)}
          </a>
        </p>
      )}
    </section>
  );
}
