import { Hono } from 'hono';
import { analyticsContracts as contracts } from '../../model/contracts/analytics.ts';
import type { Db } from '../db/open-database.ts';
import { csvResponse } from '../http/csv-download.ts';
import type { AppEnv } from '../http/env.ts';
import { route } from '../http/route.ts';
import { accountSites } from './account-sites.ts';
import { exportReportCsv } from './export-report-csv.ts';
import { getAccountLpChart } from './get-account-lp-chart.ts';
import { getAccountLpSummary } from './get-account-lp-summary.ts';
import { getCampaignClicks } from './get-campaign-clicks.ts';
import { getLpChart } from './get-lp-chart.ts';
import { getLpSummary } from './get-lp-summary.ts';
import { getPagesReport } from './get-pages-report.ts';
import { getRanking } from './get-ranking.ts';
import { getTapBins } from './get-tap-bins.ts';
import { filterOf, resolveRange } from './report-range.ts';
import { reportSite } from './report-site.ts';

/**
 * The swipe analytics reports (B §7 `/analysis/site/{id}/…`). The authorize middleware has found
 * the site in the caller's branch and checked its owner's plan has `analyticsEffect`; for the
 * reports across the caller's sites (`/analysis/account/…`), the caller's own plan.
 */
export function analyticsRoutes(deps: { db: Db; now?: (() => Date) | undefined }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const app = new Hono<AppEnv>();
  route(app, contracts.getLpSummary, async ({ site, query }) => await getLpSummary(db, reportSite(site), resolveRange(query, now()), filterOf(query)));
  route(app, contracts.getLpChart, async ({ site, query }) => await getLpChart(db, reportSite(site), resolveRange(query, now()), query.unit, filterOf(query)));
  route(app, contracts.getAccountLpSummary, async ({ account, query }) => await getAccountLpSummary(db, await accountSites(db, account), resolveRange(query, now()), filterOf(query)));
  route(app, contracts.getAccountLpChart, async ({ account, query }) => await getAccountLpChart(db, await accountSites(db, account), resolveRange(query, now()), query.unit, filterOf(query)));
  route(app, contracts.getPagesReport, async ({ site, query }) => await getPagesReport(db, reportSite(site), resolveRange(query, now()), filterOf(query)));
  route(app, contracts.getRanking, async ({ site, query }) => await getRanking(db, reportSite(site), resolveRange(query, now()), query.by, filterOf(query)));
  route(app, contracts.getTapBins, async ({ site, query }) => await getTapBins(db, reportSite(site), query.cell, resolveRange(query, now()), filterOf(query)));
  route(app, contracts.getCampaignClicks, async ({ site, query }) => await getCampaignClicks(db, site, resolveRange(query, now()), filterOf(query)));
  route(app, contracts.exportReport, async ({ site, query }) => {
    const range = resolveRange(query, now());
    return csvResponse(await exportReportCsv(db, reportSite(site), range, query, filterOf(query)), `analytics-${query.report}-${site.id}-${range.from}-${range.to}.csv`);
  });
  return app;
}
