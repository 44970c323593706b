import { useId } from 'react';
import { useSearchParams } from 'wouter';
import '../../i18n/catalogue-analytics.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { useSession } from '../../session.tsx';
import { analyticsHref, mayUseAnalytics } from './analytics-access.ts';
import { AnalyticsLocked } from './AnalyticsLocked.tsx';
import { ChartSection } from './ChartSection.tsx';
import { FiltersBar, type FilterPatch } from './FiltersBar.tsx';
import { KpiCards } from './KpiCards.tsx';
import { rangeIssueOf, reportQueryOf, searchWith } from './report-query.ts';
import { ACCOUNT_SOURCE } from './report-source.ts';
import { screenViewOf } from './screen-view.ts';
import { SitesTable } from './SitesTable.tsx';
import { useReport } from './use-report.ts';
import { LANGUAGES } from '../../../../../model/language.ts';

/** The address parameters the reset clears: the range and the filters. */
const FILTERS = ['from', 'to', 'lang', 'device', 'source'] as const;

/**
 * /{prefix}/analytics: the KPI cards and trend over every site of the account (users merged
 * across sites), and each site's figures, each opening the site's own screen with the same
 * filters. The same filters as a site's screen but the variant, which belongs to one site.
 */
export default function AccountAnalyticsScreen() {
  const { t } = useI18n();
  const { account } = useSession();
  const ids = useId();
  const [search, setSearch] = useSearchParams();
  const { variant: _, ...query } = reportQueryOf(search);
  const view = screenViewOf(search);
  const issue = rangeIssueOf(query);
  const allowed = !account || mayUseAnalytics(account);
  // A refused range or a locked plan asks nothing.
  const summary = useReport(JSON.stringify([ACCOUNT_SOURCE.key, query, allowed && issue === null]), (signal) =>
    allowed && issue === null ? ACCOUNT_SOURCE.summary(query, signal) : new Promise<never>(() => {}),
  );
  const set = (patch: Record<string, string>) => setSearch((previous) => searchWith(previous, patch), { replace: true });
  const title = <h1 id={`${ids}-title`}>{t('an.account.title')}</h1>;
  if (account && !allowed) {
    return <AnalyticsLocked title={title} titleId={`${ids}-title`} />;
  }
  const onFilter = (patch: FilterPatch) => set(patch);
  const reset = () => set(Object.fromEntries(FILTERS.map((name) => [name, ''])));
  // The site's screen opens with the range and filters chosen here.
  const carried = new URLSearchParams([...search].filter(([name]) => (FILTERS as readonly string[]).includes(name) || name === 'unit'));
  const hrefOf = (siteId: string) => `${analyticsHref(account?.routePrefix ?? '', siteId)}${carried.size > 0 ? `?${carried}` : ''}`;
  return (
    <section className="card stack analytics" aria-labelledby={`${ids}-title`}>
      {title}
      <p className="hint">{t('an.account.merged')}</p>
      <FiltersBar query={query} unit={view.unit} languages={LANGUAGES} variants={null} onChange={onFilter} onReset={reset} />
      {issue === null && (
        <>
          <KpiCards report={summary} />
          <ChartSection source={ACCOUNT_SOURCE} query={query} unit={view.unit} metric={view.metric} onMetric={(metric) => set({ metric })} />
          {summary.status === 'done' && <SitesTable sites={summary.data.sites} hrefOf={hrefOf} />}
        </>
      )}
    </section>
  );
}
