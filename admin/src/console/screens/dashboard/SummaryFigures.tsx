import { useId } from 'react';
import type { AdoptionByPlan, RegistrationData, Revenue, UserSite } from '../../../../../model/dashboard.ts';
import '../../i18n/catalogue-dashboard.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { countText } from '../analytics/figures.ts';
import type { ReportState } from '../analytics/use-report.ts';
import { FigureCard } from './FigureCard.tsx';
import { inHundredMillionYen, inTenThousandYen, yenText } from './money.ts';

type Props = { sites: ReportState<UserSite>; companies: ReportState<RegistrationData>; adoption: ReportState<AdoptionByPlan>; revenue: ReportState<Revenue> };

const refusalOf = (...states: ReportState<unknown>[]) => states.find((state) => state.status === 'refused');

/**
 * B §2's figures: sites created and companies introduced over the range, MRR (ten-thousand yen)
 * and ARR (hundred-million yen) of the current month with where the MRR comes from and its exact
 * yen, and the paid plans of the month.
 */
export function SummaryFigures({ sites, companies, adoption, revenue }: Props) {
  const { t, lang } = useI18n();
  const id = useId();
  const count = (n: number) => countText(n, lang);
  const refused = refusalOf(sites, companies, adoption, revenue);
  const month = revenue.status === 'done' ? revenue.data.months.at(-1) : undefined;
  const loading = [sites, companies, adoption, revenue].some((state) => state.status === 'loading');
  return (
    <section className="stack" aria-labelledby={id} aria-busy={loading} data-testid="summary-figures">
      <h2 id={id}>{t('db.figures')}</h2>
      {loading && <p className="loading">{t('loading')}</p>}
      {refused?.status === 'refused' && (
        <p className="field-error" role="alert">
          {refused.message}
        </p>
      )}
      <ul className="kpi-grid">
        {sites.status === 'done' && (
          <FigureCard
            name="sites"
            label={t('db.sites')}
            value={count(sites.data.inRange)}
            detail={`${t('db.inRange', { total: count(sites.data.toDate) })} · ${t('db.published', { n: count(sites.data.published) })}`}
          />
        )}
        {companies.status === 'done' && (
          <FigureCard
            name="companies"
            label={t('db.companies')}
            value={count(companies.data.inRange.total)}
            detail={`${t('db.inRange', { total: count(companies.data.toDate.total) })} · ${t('db.byType', {
              oem: count(companies.data.inRange.byType.OEM_MASTER),
              admin: count(companies.data.inRange.byType.OEM_ADMIN),
              user: count(companies.data.inRange.byType.USER),
            })}`}
          />
        )}
        {month && (
          <>
            <FigureCard
              name="mrr"
              label={t('db.mrr')}
              value={inTenThousandYen(month.mrr, lang)}
              detail={t(month.source === 'invoices' ? 'db.source.invoices' : 'db.source.subscriptions', { month: month.month, yen: yenText(month.mrr, lang) })}
            />
            <FigureCard name="arr" label={t('db.arr')} value={inHundredMillionYen(month.arr, lang)} detail={t('db.arrHint', { yen: yenText(month.arr, lang) })} />
          </>
        )}
        {adoption.status === 'done' && (
          <FigureCard name="paid" label={t('db.paidPlans')} value={count(adoption.data.paidAccounts)} detail={t('db.paidHint', { total: count(adoption.data.accounts), month: adoption.data.month })} />
        )}
      </ul>
    </section>
  );
}
