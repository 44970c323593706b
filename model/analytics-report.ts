import { z } from 'zod';
import { languageSchema } from './language.ts';
import { addYears, isTimeZone, JAPAN_TIME_ZONE } from './zoned-calendar.ts';

/**
 * The swipe analytics reports (B §2 "Swipe analytics", B §7 `/analysis/site/{id}/lp`, `lp/chart`,
 * `pages`, `ranking`, exports): what they are asked and what they answer. Every report takes the
 * same range and filters; the date rules are B §5's ("Report dates cannot be in the future or
 * more than one year in the past") with B §8's messages.
 */

/** Days a report covers when the query names none: the 30 days up to today (the console's filters start with the same). */
export const REPORT_DEFAULT_DAYS = 30;

/** B §9 "Ranking analysis needs at least 10 pages." */
export const RANKING_MIN_PAGES = 10;

/** A dimension value as the rollups store it: a language, device class, entry source or variant name. */
const dimensionValue = z.string().regex(/^[A-Za-z0-9_.:-]{1,64}$/, 'invalidValue');

/** The filters every report and export takes; absent means all. */
export const reportFilterShape = {
  lang: languageSchema.optional(),
  device: dimensionValue.optional(),
  source: dimensionValue.optional(),
  variant: dimensionValue.optional(),
};

const rangeShape = {
  from: z.iso.date('dateFormat').optional(),
  to: z.iso.date('dateFormat').optional(),
  tz: z
    .string()
    .max(64)
    .refine((zone) => isTimeZone(zone), 'unknownTimeZone')
    .default(JAPAN_TIME_ZONE),
  ...reportFilterShape,
};

/** A report's query: the range and filters, then what `extra` adds. The order of the range is one of the date rules the server checks (`reportRangeIssue`). */
function withRange<S extends z.ZodRawShape>(extra: S) {
  return z.object({ ...rangeShape, ...extra });
}

/**
 * `?from=&to=&tz=` and the filters. Days are local dates in `tz` (Japan time by default), both
 * ends included; without them, the 30 days up to today. The rules needing a clock
 * (`reportRangeIssue`) are checked by the server.
 */
export const reportQuerySchema = withRange({});

export const chartUnitSchema = z.enum(['day', 'month']);
export type ChartUnit = z.infer<typeof chartUnitSchema>;

export const chartQuerySchema = withRange({ unit: chartUnitSchema.default('day') });

/**
 * The reports across the caller's sites take the site reports' range and filters but the variant:
 * an experiment's arms belong to one site, so a variant name means nothing across sites.
 */
export const accountReportQuerySchema = reportQuerySchema.omit({ variant: true });
export const accountChartQuerySchema = chartQuerySchema.omit({ variant: true });

/** What a ranking orders pages by. */
export const RANKING_METRICS = ['views', 'landings', 'exits', 'clicks', 'conversions', 'averageDwellMs', 'conversionChance'] as const;
export const rankingMetricSchema = z.enum(RANKING_METRICS);
export type RankingMetric = z.infer<typeof rankingMetricSchema>;

export const rankingQuerySchema = withRange({ by: rankingMetricSchema.default('views') });

const positionSchema = z.string().regex(/^[A-Z]{1,3}[1-9][0-9]{0,2}$/, 'invalidPosition');

export const tapQuerySchema = withRange({ cell: positionSchema });

/** The reports an export writes as CSV. */
export const EXPORT_REPORTS = ['chart', 'pages', 'ranking'] as const;
export const exportQuerySchema = withRange({ report: z.enum(EXPORT_REPORTS).default('chart'), unit: chartUnitSchema.default('day'), by: rankingMetricSchema.default('views') });
export type ExportQuery = z.output<typeof exportQuerySchema>;

export type ReportRangeIssue = 'invalidDateRange' | 'reportFutureDate' | 'reportOverYearAgo';

/**
 * B §5 report dates, judged against today in the report's zone: the end not after today ("future
 * month not selectable"), the start not before the same day a year ago ("dates over a year old
 * not selectable"), the end on or after the start (a one-day report starts and ends on its day).
 * @example reportRangeIssue('2026-01-01', '2026-01-31', '2026-01-15') // 'reportFutureDate'
 */
export function reportRangeIssue(from: string, to: string, today: string): ReportRangeIssue | null {
  if (to < from) return 'invalidDateRange';
  if (to > today) return 'reportFutureDate';
  if (from < addYears(today, -1)) return 'reportOverYearAgo';
  return null;
}

/** The range a report covers, as answered. */
export const reportRangeSchema = z.object({ from: z.iso.date(), to: z.iso.date(), tz: z.string() });

/** A KPI of B §2 with the previous period's value (the same number of days just before). */
const kpiSchema = z.object({
  value: z.number(),
  previous: z.number(),
  /** (value − previous) / previous; null when the previous period had none. */
  change: z.number().nullable(),
});

export const lpSummarySchema = z.object({
  range: reportRangeSchema,
  previous: z.object({ from: z.iso.date(), to: z.iso.date() }),
  kpis: z.object({
    users: kpiSchema,
    swipePv: kpiSchema,
    cv: kpiSchema,
    cvRate: kpiSchema,
    ctaClicks: kpiSchema,
    popupClicks: kpiSchema,
    snsClicks: kpiSchema,
    calls: kpiSchema,
    bounceRate: kpiSchema,
    registrations: kpiSchema,
  }),
});
export type LpSummary = z.infer<typeof lpSummarySchema>;

/** One site's share of the account's figures over the range (users are the site's own unique visitors). */
export const accountSiteFiguresSchema = z.object({
  siteId: z.string(),
  name: z.string(),
  users: z.number().int(),
  swipePv: z.number().int(),
  cv: z.number().int(),
  /** cv / users; 0 without users. */
  cvRate: z.number(),
});
export type AccountSiteFigures = z.infer<typeof accountSiteFiguresSchema>;

/** The KPI cards over every site of the account (users merged: a visitor of two sites counts once), and each site's figures. */
export const accountLpSummarySchema = lpSummarySchema.extend({ sites: z.array(accountSiteFiguresSchema) });
export type AccountLpSummary = z.infer<typeof accountLpSummarySchema>;

/** The additive counts of a period or a cell, read from the rollups. */
export const countsSchema = z.object({
  views: z.number().int(),
  landings: z.number().int(),
  exits: z.number().int(),
  bounces: z.number().int(),
  dwellMs: z.number().int(),
  dwellCount: z.number().int(),
  ctaClicks: z.number().int(),
  linkClicks: z.number().int(),
  productItemClicks: z.number().int(),
  productPointClicks: z.number().int(),
  popupClicks: z.number().int(),
  snsClicks: z.number().int(),
  calls: z.number().int(),
  campaignClicks: z.number().int(),
  registrations: z.number().int(),
  formSubmissions: z.number().int(),
  contacts: z.number().int(),
  /** The events the site counts as conversions (a site setting; default contact, form and registration), summed. */
  conversions: z.number().int(),
});
export type Counts = z.infer<typeof countsSchema>;

export const chartPointSchema = z.object({ period: z.iso.date(), users: z.number().int(), ...countsSchema.shape });

export const lpChartSchema = z.object({ range: reportRangeSchema, unit: chartUnitSchema, points: z.array(chartPointSchema) });
export type LpChart = z.infer<typeof lpChartSchema>;

/** The ways out of a cell: moves by direction, and exits by the direction of a swipe that tried to leave the grid (`leave`: closed or navigated away). */
const movesSchema = z.object({ left: z.number().int(), right: z.number().int(), up: z.number().int(), down: z.number().int() });
const exitsSchema = movesSchema.extend({ leave: z.number().int() });

export const pageCellSchema = z.object({
  cell: z.string(),
  ...countsSchema.shape,
  moves: movesSchema,
  exitsBy: exitsSchema,
  /** The chance a visitor on this cell converts before leaving: the edges as an absorbing Markov chain. */
  conversionChance: z.number().min(0).max(1),
});
export type PageCell = z.infer<typeof pageCellSchema>;

export const pagesReportSchema = z.object({
  range: reportRangeSchema,
  cells: z.array(pageCellSchema),
  /** Moves between cells, for the heat map's arrows. */
  edges: z.array(z.object({ from: z.string(), to: z.string(), direction: z.string(), moves: z.number().int() })),
});
export type PagesReport = z.infer<typeof pagesReportSchema>;

export const rankingSchema = z.object({
  range: reportRangeSchema,
  by: rankingMetricSchema,
  rows: z.array(z.object({ rank: z.number().int().min(1), cell: z.string(), value: z.number() })),
});
export type Ranking = z.infer<typeof rankingSchema>;

/** A campaign banner or button with its clicks in the range (`click_campaign` events); the items of the campaign as saved now, in its order. */
export const campaignClicksReportSchema = z.object({
  range: reportRangeSchema,
  items: z.array(
    z.object({
      id: z.string(),
      kind: z.enum(['banner', 'button']),
      side: z.enum(['left', 'right']),
      /** A button's text in the site's default language; '' for a banner. */
      text: z.string(),
      clicks: z.number().int().nonnegative(),
    }),
  ),
  /** Every campaign click of the range, those on items since removed included. */
  total: z.number().int().nonnegative(),
});
export type CampaignClicksReport = z.infer<typeof campaignClicksReportSchema>;

export const tapBinsSchema = z.object({
  range: reportRangeSchema,
  cell: z.string(),
  bins: z.array(z.object({ x: z.number().int().min(0), y: z.number().int().min(0), taps: z.number().int() })),
});
export type TapBins = z.infer<typeof tapBinsSchema>;
