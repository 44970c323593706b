import * as Tabs from '@radix-ui/react-tabs';
import { useId, useMemo } from 'react';
import { useSearchParams } from 'wouter';
import '../../i18n/catalogue-analytics.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { useSession } from '../../session.tsx';
import { useSiteFacts } from '../owner-data/use-site-facts.ts';
import { mayUseAnalytics } from './analytics-access.ts';
import { AnalyticsLocked } from './AnalyticsLocked.tsx';
import { CampaignSection } from './CampaignSection.tsx';
import { ExperimentSection } from './ExperimentSection.tsx';
import { ExportLink } from './ExportLink.tsx';
import { FiltersBar, type FilterPatch } from './FiltersBar.tsx';
import { GridHeatMap } from './GridHeatMap.tsx';
import { Overview } from './Overview.tsx';
import { RankingSection } from './RankingSection.tsx';
import { rangeIssueOf, reportQueryOf, searchWith } from './report-query.ts';
import { siteSource } from './report-source.ts';
import { screenViewOf, SECTIONS } from './screen-view.ts';
import { TapMap } from './TapMap.tsx';
import { useSiteVariants } from './use-site-variants.ts';

/** The address parameters the reset clears: the range and the filters (the section and chart choices stay). */
const FILTERS = ['from', 'to', 'lang', 'device', 'source', 'variant'] as const;

/**
 * /{prefix}/analytics/{siteId}: a site's swipe analytics (B §2). The filters live in the address,
 * so a reload or a shared link shows the same report; every section and the CSV take them. An
 * account whose plan lacks analytics is told so here without asking the API, which would refuse.
 */
export default function AnalyticsScreen({ siteId }: { siteId: string }) {
  const { t } = useI18n();
  const { account } = useSession();
  const ids = useId();
  const site = useSiteFacts(siteId);
  const source = useMemo(() => siteSource(siteId), [siteId]);
  const variants = useSiteVariants(siteId);
  const [search, setSearch] = useSearchParams();
  const query = reportQueryOf(search);
  const view = screenViewOf(search);
  const issue = rangeIssueOf(query);
  const set = (patch: Record<string, string>) => setSearch((previous) => searchWith(previous, patch), { replace: true });
  const title = (
    <h1 id={`${ids}-title`}>
      {t('analytics')}
      {site ? <span className="hint"> — {site.name}</span> : null}
    </h1>
  );

  if (account && !mayUseAnalytics(account)) {
    return <AnalyticsLocked title={title} titleId={`${ids}-title`} />;
  }
  const onFilter = (patch: FilterPatch) => set(patch);
  const reset = () => set(Object.fromEntries(FILTERS.map((name) => [name, ''])));
  return (
    <section className="card stack analytics" aria-labelledby={`${ids}-title`}>
      <div className="row spread">
        {title}
        {issue === null && <ExportLink siteId={siteId} query={query} unit={view.unit} by={view.by} report={view.report} onReport={(report) => set({ report })} />}
      </div>
      <FiltersBar query={query} unit={view.unit} languages={site?.languages ?? []} variants={variants} onChange={onFilter} onReset={reset} />
      <Tabs.Root value={view.section} onValueChange={(section) => set({ section })} className="tabs">
        <Tabs.List aria-label={t('an.sections')} className="tab-list">
          {SECTIONS.map((name) => (
            <Tabs.Trigger key={name} value={name} className="tab">
              {t(`an.section.${name}`)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {/* A range the date rules refuse asks nothing: the refusal stands beside its field. */}
        {issue === null && (
          <>
            <Tabs.Content value="overview" className="stack">
              <Overview source={source} query={query} unit={view.unit} metric={view.metric} onMetric={(metric) => set({ metric })} />
            </Tabs.Content>
            <Tabs.Content value="pages" className="stack">
              <RankingSection siteId={siteId} query={query} by={view.by} onBy={(by) => set({ by })} />
              <GridHeatMap siteId={siteId} query={query} />
            </Tabs.Content>
            <Tabs.Content value="taps" className="stack">
              <TapMap siteId={siteId} query={query} />
            </Tabs.Content>
            <Tabs.Content value="campaign" className="stack">
              <CampaignSection siteId={siteId} query={query} />
            </Tabs.Content>
            <Tabs.Content value="experiment" className="stack">
              <ExperimentSection siteId={siteId} query={query} />
            </Tabs.Content>
          </>
        )}
      </Tabs.Root>
    </section>
  );
}
