import { useId } from 'react';
import { Redirect, useSearchParams } from 'wouter';
import '../../i18n/catalogue-analytics.ts';
import '../../i18n/catalogue-dashboard.ts';
import { request } from '../../api/request.ts';
import { useI18n, useMessages } from '../../i18n/i18n.tsx';
import { useSession } from '../../session.tsx';
import { addYears } from '../../../../../model/zoned-calendar.ts';
import { ChoiceField } from '../analytics/ChoiceField.tsx';
import { DateField } from '../analytics/DateField.tsx';
import { useReport } from '../analytics/use-report.ts';
import { AdoptionTable } from './AdoptionTable.tsx';
import { mayReadDashboard } from './dashboard-access.ts';
import { dashboardQueryOf, dashboardRangeIssue, japanToday } from './dashboard-query.ts';
import { RevenueSection } from './RevenueSection.tsx';
import { SummaryFigures } from './SummaryFigures.tsx';
import { TrendSection } from './TrendSection.tsx';

/** Asks nothing: a refused range or a caller the dashboard is not for. */
const never = () => new Promise<never>(() => {});

/**
 * /{prefix}/summary (B §2 "Summary dashboard"): sites created, companies introduced, MRR, ARR,
 * paid plans, their trends by day or month and adoption by plan; the platform's over every
 * account, an OEM master's over its customers. The range and granularity live in the address.
 */
export default function SummaryScreen() {
  const { t } = useI18n();
  const m = useMessages();
  const { account } = useSession();
  const ids = useId();
  const [search, setSearch] = useSearchParams();
  const today = japanToday();
  const query = dashboardQueryOf(search, today);
  const issue = dashboardRangeIssue(query, today);
  const allowed = account ? mayReadDashboard(account) : false;
  const ask = allowed && issue === null;
  const key = JSON.stringify([query, ask]);
  const sites = useReport(key, (signal) => (ask ? request('GET /dashboard/user-site', { query }, { quiet: true, signal }) : never()));
  const companies = useReport(key, (signal) => (ask ? request('GET /dashboard/registration-data', { query }, { quiet: true, signal }) : never()));
  const adoption = useReport(String(allowed), (signal) => (allowed ? request('GET /dashboard/adoption-by-plan', {}, { quiet: true, signal }) : never()));
  const revenue = useReport(String(allowed), (signal) => (allowed ? request('GET /dashboard/revenue', {}, { quiet: true, signal }) : never()));
  // The forbidden page of B §8, at once: the calls would be refused (403) anyway, so none is made.
  if (account && !allowed) return <Redirect to="/errors/403" replace />;
  const set = (patch: Record<string, string>) =>
    setSearch(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const [name, value] of Object.entries(patch)) value ? next.set(name, value) : next.delete(name);
        return next;
      },
      { replace: true },
    );
  const errorOf = (field: 'from' | 'to') => (issue?.field === field ? m(issue.key) : null);
  const trendMetric = search.get('metric') === 'companies' ? 'companies' : 'sites';
  const revenueMetric = search.get('money') === 'revenue' ? 'revenue' : 'mrr';
  return (
    <section className="card stack summary" aria-labelledby={`${ids}-title`}>
      <h1 id={`${ids}-title`}>{t('db.title')}</h1>
      <p className="hint">{t(account?.effectiveType === 'OEM_MASTER' ? 'db.scope.oem' : 'db.scope.platform')}</p>
      <search className="row filters" aria-label={t('an.filters')}>
        <DateField label={t('an.from')} value={query.from} min={addYears(today, -1)} max={today} error={errorOf('from')} onChange={(from) => set({ from })} />
        <DateField label={t('an.to')} value={query.to} min={addYears(today, -1)} max={today} error={errorOf('to')} onChange={(to) => set({ to })} />
        <ChoiceField
          label={t('an.unit')}
          value={query.unit}
          all={false}
          options={(['day', 'month'] as const).map((value) => ({ value, label: t(`an.unit.${value}`) }))}
          onChange={(unit) => set({ unit })}
        />
      </search>
      <SummaryFigures sites={sites} companies={companies} adoption={adoption} revenue={revenue} />
      {issue === null && <TrendSection sites={sites} companies={companies} unit={query.unit} metric={trendMetric} onMetric={(metric) => set({ metric })} />}
      <RevenueSection revenue={revenue} metric={revenueMetric} onMetric={(money) => set({ money })} />
      <AdoptionTable adoption={adoption} />
    </section>
  );
}
