import {
  chartQuerySchema,
  exportQuerySchema,
  lpChartSchema,
  lpSummarySchema,
  pagesReportSchema,
  rankingQuerySchema,
  rankingSchema,
  reportQuerySchema,
  tapBinsSchema,
  tapQuerySchema,
} from '../analytics-report.ts';
import { contract, type Contract } from './contract.ts';
import { read } from './policy.ts';

/** Every report: a read of the site by whoever may read it, refused (403) where the owner's plan lacks analytics (B §6). */
const REPORT = read('site', { planFlag: 'analyticsEffect' });

const CSV = {
  kind: 'raw',
  contentType: 'text/csv; charset=utf-8',
  description: 'UTF-8 with a byte order mark; the columns are the JSON report’s field names; streamed',
} as const;

/** B §2 swipe analytics, B §7 `/analysis/site/{id}/lp`, `lp/chart`, `pages`, `ranking` and exports; all read the rollups, in Japan time unless `tz` says otherwise. */
export const analyticsContracts = {
  getLpSummary: contract({
    method: 'GET',
    path: '/analysis/site/:id/lp',
    origin: 'admin',
    summary: 'The KPI cards: users, swipe PV, CV and CV rate, CTA, popup and SNS clicks, calls, bounce rate, registrations, each with the previous period’s change',
    policy: REPORT,
    query: reportQuerySchema,
    response: lpSummarySchema,
  }),
  getLpChart: contract({
    method: 'GET',
    path: '/analysis/site/:id/lp/chart',
    origin: 'admin',
    summary: 'The site’s users and counts per day or month of the range',
    policy: REPORT,
    query: chartQuerySchema,
    response: lpChartSchema,
  }),
  getPagesReport: contract({
    method: 'GET',
    path: '/analysis/site/:id/pages',
    origin: 'admin',
    summary: 'Each cell’s counts, moves and exits by direction, and chance of converting (an absorbing Markov chain over the moves)',
    policy: REPORT,
    query: reportQuerySchema,
    response: pagesReportSchema,
  }),
  getRanking: contract({
    method: 'GET',
    path: '/analysis/site/:id/ranking',
    origin: 'admin',
    summary: 'The pages ranked by a metric; a site of fewer than 10 pages is refused (B §9)',
    policy: REPORT,
    query: rankingQuerySchema,
    response: rankingSchema,
  }),
  getTapBins: contract({
    method: 'GET',
    path: '/analysis/site/:id/taps',
    origin: 'admin',
    summary: 'A cell’s taps per bin of the fixed grid over the 375 × 739 frame',
    policy: REPORT,
    query: tapQuerySchema,
    response: tapBinsSchema,
  }),
  exportReport: contract({
    method: 'GET',
    path: '/analysis/site/:id/exports',
    origin: 'admin',
    summary: 'The chart, pages or ranking report with the same filters, as a CSV file',
    policy: REPORT,
    query: exportQuerySchema,
    response: CSV,
  }),
} satisfies Record<string, Contract>;
