import { blob, index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * The analytics rollups: what reports read instead of raw `visitor_events` (docs/decisions.md
 * "Analytics rollups"). A row is one bucket of time at one grain, for one combination of the
 * filter dimensions; the rollup job only ever adds to rows, so reading a range is a sum.
 *
 * - `grain`: `h` an hour (UTC), `d` a day and `m` a month of Japan time (the product's zone);
 *   `bucket` is the instant the hour, day or month starts, in ms. A report takes months, then
 *   days, then hours to cover its range, so a year costs a few hundred rows per combination.
 *   The same grains in capitals (`H`, `D`, `M`) hold the sums of all combinations (dimensions
 *   ''), right after in the key's order: an unfiltered report seeks to those alone.
 * - Dimensions (`variant`, `lang`, `device`, `source`) are '' when the event had none.
 * No foreign keys: rollups are derived data, rebuilt from raw events, and deleting a site drops
 * them by its id (`deleteSiteRollups`).
 */

const dimensions = () => ({
  variant: text('variant').notNull(),
  lang: text('lang').notNull(),
  device: text('device').notNull(),
  source: text('source').notNull(),
});

const count = (name: string) => integer(name).notNull().default(0);

/**
 * The additive counts of `countsSchema` (model/analytics-report.ts), one column each. Conversions
 * are not a column: which events count as one is a site setting, so a report sums the kinds the
 * site counts now, and changing the setting needs no rebuild.
 */
const counts = () => ({
  views: count('views'),
  landings: count('landings'),
  exits: count('exits'),
  bounces: count('bounces'),
  dwellMs: count('dwell_ms'),
  dwellCount: count('dwell_count'),
  ctaClicks: count('cta_clicks'),
  linkClicks: count('link_clicks'),
  productItemClicks: count('product_item_clicks'),
  productPointClicks: count('product_point_clicks'),
  popupClicks: count('popup_clicks'),
  snsClicks: count('sns_clicks'),
  calls: count('calls'),
  campaignClicks: count('campaign_clicks'),
  registrations: count('registrations'),
  formSubmissions: count('form_submissions'),
  contacts: count('contacts'),
});

/** Per cell (position code): the pages report, the ranking and the heat map read these. */
export const analyticsCellRollups = sqliteTable(
  'analytics_cell_rollups',
  { siteId: text('site_id').notNull(), grain: text('grain').notNull(), bucket: integer('bucket').notNull(), cell: text('cell').notNull(), ...dimensions(), ...counts() },
  (table) => [primaryKey({ columns: [table.siteId, table.grain, table.bucket, table.cell, table.variant, table.lang, table.device, table.source] })],
);

/** The same counts summed over the site's cells: the KPI cards and the time charts read these, fifty times fewer rows on a 5 × 10 grid. */
export const analyticsSiteRollups = sqliteTable(
  'analytics_site_rollups',
  { siteId: text('site_id').notNull(), grain: text('grain').notNull(), bucket: integer('bucket').notNull(), ...dimensions(), ...counts() },
  (table) => [primaryKey({ columns: [table.siteId, table.grain, table.bucket, table.variant, table.lang, table.device, table.source] })],
);

/** Moves from a cell to a cell (`to_cell` '' for an exit), by direction (`leave` for an exit that was no swipe); days and months. */
export const analyticsEdges = sqliteTable(
  'analytics_edges',
  {
    siteId: text('site_id').notNull(),
    grain: text('grain').notNull(),
    bucket: integer('bucket').notNull(),
    fromCell: text('from_cell').notNull(),
    toCell: text('to_cell').notNull(),
    direction: text('direction').notNull(),
    ...dimensions(),
    moves: count('moves'),
  },
  (table) => [
    primaryKey({ columns: [table.siteId, table.grain, table.bucket, table.fromCell, table.toCell, table.direction, table.variant, table.lang, table.device, table.source] }),
    // The key and `moves`: the pages report reads edges from this index alone, without a lookup in the table per row
    // (half its time at a year; the fold pays ~7 % more; docs/decisions.md "Analytics rollups").
    index('analytics_edges_cover').on(table.siteId, table.grain, table.bucket, table.fromCell, table.toCell, table.direction, table.variant, table.lang, table.device, table.source, table.moves),
  ],
);

/** Taps on a cell's page, counted per bin of the fixed grid over the 375 × 739 frame; days and months. */
export const analyticsTaps = sqliteTable(
  'analytics_taps',
  {
    siteId: text('site_id').notNull(),
    cell: text('cell').notNull(),
    grain: text('grain').notNull(),
    bucket: integer('bucket').notNull(),
    x: integer('x').notNull(),
    y: integer('y').notNull(),
    ...dimensions(),
    taps: count('taps'),
  },
  (table) => [primaryKey({ columns: [table.siteId, table.cell, table.grain, table.bucket, table.x, table.y, table.variant, table.lang, table.device, table.source] })],
);

/**
 * Clicks on each campaign banner or button (`click_campaign` events with the item's id), per UTC
 * hour: the owner's campaign report sums any range in any zone from these. Sparse (an hour has a
 * row only for an item clicked in it) and without rows of all combinations: a report sums the
 * rows its filters keep.
 */
export const analyticsCampaignClicks = sqliteTable(
  'analytics_campaign_clicks',
  { siteId: text('site_id').notNull(), bucket: integer('bucket').notNull(), itemId: text('item_id').notNull(), ...dimensions(), clicks: count('clicks') },
  (table) => [primaryKey({ columns: [table.siteId, table.bucket, table.itemId, table.variant, table.lang, table.device, table.source] })],
);

/**
 * Who visited, as a mergeable sketch per day and month (api/analytics/visitor-sketch.ts): exact
 * below a thousand visitors, a HyperLogLog beyond. Unique visitors do not add up across hours
 * or cells, so they live here, not in the counts (docs/decisions.md).
 */
export const analyticsVisitorSketches = sqliteTable(
  'analytics_visitor_sketches',
  { siteId: text('site_id').notNull(), grain: text('grain').notNull(), bucket: integer('bucket').notNull(), ...dimensions(), sketch: blob('sketch', { mode: 'buffer' }).notNull() },
  (table) => [primaryKey({ columns: [table.siteId, table.grain, table.bucket, table.variant, table.lang, table.device, table.source] })],
);

/**
 * How far the rollups have read `visitor_events`, committed with the sums it produced
 * (api/analytics/fold-position.ts). `live` follows new events: on SQLite the last event id folded;
 * on PostgreSQL the snapshot whose events are all folded (`folded_snapshot`), the later one being
 * folded (`folding_snapshot`) and the last event of it folded (`last_xact`, `last_event_id`). A
 * rebuild (`rebuild:{siteId}` or `rebuild:*`) refolds what `live` had folded when it began: that
 * position is its target (`target_xact`, `target_event_id` and the two snapshots), and
 * `last_xact`, `last_event_id` its own progress.
 */
export const analyticsRollupState = sqliteTable('analytics_rollup_state', {
  name: text('name').primaryKey(),
  lastEventId: integer('last_event_id').notNull(),
  targetEventId: integer('target_event_id'),
  lastXact: integer('last_xact').notNull().default(0),
  targetXact: integer('target_xact'),
  /** PostgreSQL's `pg_snapshot` text, `xmin:xmax:xip,…`. */
  foldedSnapshot: text('folded_snapshot'),
  foldingSnapshot: text('folding_snapshot'),
});

/**
 * The visits the rollups have seen land, for what later events of a visit need: its entry source
 * (only the landing carries the referrer and UTM parameters) and whether it has moved yet (a
 * landing counts as a bounce until the visit's first move takes it back). Kept two days after the
 * landing, far past the 30 idle minutes that end a visit.
 */
export const analyticsVisits = sqliteTable(
  'analytics_visits',
  {
    visitId: text('visit_id').primaryKey(),
    siteId: text('site_id').notNull(),
    landingAt: integer('landing_at').notNull(),
    landingCell: text('landing_cell').notNull(),
    ...dimensions(),
    moved: integer('moved', { mode: 'boolean' }).notNull(),
  },
  (table) => [index('analytics_visits_landing').on(table.landingAt)],
);
