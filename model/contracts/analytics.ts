import {
  accountChartQuerySchema,
  accountLpSummarySchema,
  accountReportQuerySchema,
  chartQuerySchema,
  exportQuerySchema,
  lpChartSchema,
  lpSummarySchema,
  pagesReportSchema,
  rankingQuerySchema,
  rankingSchema,
  campaignClicksReportSchema,
  reportQuerySchema,
  tapBinsSchema,
  tapQuerySchema,
} from '../analytics-report.ts';
import { contract, type Contract } from './contract.ts';
import { read } from './policy.ts';

/** Every report: a read of the site by whoever may read it, refused (403) where the owner's plan lacks analytics (B §6). */
const REPORT = read('site', { planFlag: 'analyticsEffect' });

/**
 * The reports across the caller's sites: the sites of its branch whose owner's plan has analytics
 * (docs/decisions.md "Analytics across an account's sites"); refused (403) where the caller's own plan lacks it.
 */
const ACCOUNT_REPORT = read('none', { planFlag: 'analyticsEffect' });

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
  getAccountLpSummary: contract({
    method: 'GET',
    path: '/analysis/account/lp',
    origin: 'admin',
    summary: 'The KPI cards over every site of the caller’s branch with analytics (unique users merged across sites), and each site’s users, swipe PV, CV and CV rate',
    policy: ACCOUNT_REPORT,
    query: accountReportQuerySchema,
    response: accountLpSummarySchema,
  }),
  getAccountLpChart: contract({
    method: 'GET',
    path: '/analysis/account/lp/chart',
    origin: 'admin',
    summary: 'Users (merged across sites) and counts per day or month over every site of the caller’s branch with analytics',
    policy: ACCOUNT_REPORT,
    query: accountChartQuerySchema,
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
  getCampaignClicks: contract({
    method: 'GET',
    path: '/analysis/site/:id/campaign',
    origin: 'admin',
    summary: 'Clicks on each campaign banner and button in the range, with the filters',
    policy: REPORT,
    query: reportQuerySchema,
    response: campaignClicksReportSchema,
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
