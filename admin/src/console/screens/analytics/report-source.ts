import type { LpChart, LpSummary } from '../../../../../model/analytics-report.ts';
import { type Answer, request } from '../../api/request.ts';
import type { ReportQuery } from './report-query.ts';

/** What the KPI cards and the time chart are read from: one site's reports, or the account's across its sites. */
export type ReportSource<T extends LpSummary = LpSummary> = {
  /** Names the source in a report's key, so moving to another site asks again. */
  key: string;
  summary(query: ReportQuery, signal: AbortSignal): Promise<T>;
  chart(query: ReportQuery & { unit: 'day' | 'month' }, signal: AbortSignal): Promise<LpChart>;
};

export function siteSource(siteId: string): ReportSource {
  return {
    key: `site:${siteId}`,
    summary: (query, signal) => request('GET /analysis/site/:id/lp', { params: { id: siteId }, query }, { quiet: true, signal }),
    chart: (query, signal) => request('GET /analysis/site/:id/lp/chart', { params: { id: siteId }, query }, { quiet: true, signal }),
  };
}

/** The account's sites: the variant filter means nothing across sites, so it is not sent. */
export const ACCOUNT_SOURCE: ReportSource<Answer<'GET /analysis/account/lp'>> = {
  key: 'account',
  summary: ({ variant: _, ...query }, signal) => request('GET /analysis/account/lp', { query }, { quiet: true, signal }),
  chart: ({ variant: _, ...query }, signal) => request('GET /analysis/account/lp/chart', { query }, { quiet: true, signal }),
};
