import { useI18n } from '../../i18n/i18n.tsx';

const TERMS = ['pl.term.minimum', 'pl.term.initial', 'pl.term.unpublish', 'pl.term.pv', 'pl.term.change', 'pl.term.reply', 'pl.term.billing'] as const;

/** The commercial terms of spec B §1, shown wherever a plan is chosen or confirmed. */
export function CommercialTerms() {
  const { t } = useI18n();
  return (
    <section aria-labelledby="commercial-terms" className="stack">
      <h2 id="commercial-terms">{t('pl.terms')}</h2>
      <ul>
        {TERMS.map((term) => (
          <li key={term}>{t(term)}</li>
        ))}
      </ul>
    </section>
  );
}
