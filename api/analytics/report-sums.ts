import { type SQL, sql } from 'drizzle-orm';
import type { Counts } from '../../model/analytics-report.ts';
import type { Period } from '../../model/zoned-calendar.ts';
import type { Db } from '../db/open-database.ts';
import { COUNT_COLUMNS, countsFromSums } from './count-columns.ts';
import { coverRange, netCover, type Segment } from './range-cover.ts';
import type { ReportSite } from './report-site.ts';
import { addSketch, countSketch, countUnion, emptyUnion, type SketchUnion } from './visitor-sketch.ts';

/**
 * The sums reports are made of, read from the rollups only (never `visitor_events`). A range is
 * covered by months, days and hours (`coverRange`); each segment is one range scan of the
 * table's primary key, and each row is given to the period its bucket starts in. Every GROUP BY
 * starts with `bucket`, the key's order, so SQLite sums as it scans instead of sorting a temporary
 * table; the buckets are then added up here.
 */

/** The filters of a report, as the rollups store them. */
export type RollupFilter = { lang?: string | undefined; device?: string | undefined; source?: string | undefined; variant?: string | undefined };

const FILTER_COLUMNS = ['variant', 'lang', 'device', 'source'] as const;

/**
 * Which rows a filter reads: without any filter, the rows of all combinations (grains `H`, `D`,
 * `M`, one per bucket and cell), else the rows of each combination (`h`, `d`, `m`) that match.
 */
function grainOf(grain: string, filter: RollupFilter): string {
  return FILTER_COLUMNS.every((column) => filter[column] === undefined) ? grain.toUpperCase() : grain;
}

/** The filter's conditions, each ` AND column = value` (empty without a filter). */
function filterSql(filter: RollupFilter): SQL {
  const parts: SQL[] = [];
  for (const column of FILTER_COLUMNS) {
    const value = filter[column];
    if (value === undefined) continue;
    parts.push(sql` AND ${sql.raw(column)} = ${value}`);
  }
  return sql.join(parts);
}

/** The index of the period a bucket starts in; -1 before the first. */
function periodOf(periods: readonly Period[], bucket: number): number {
  let low = 0;
  let high = periods.length - 1;
  let found = -1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (periods[mid]!.start <= bucket) {
      found = mid;
      low = mid + 1;
    } else high = mid - 1;
  }
  return found >= 0 && bucket < periods[found]!.end ? found : -1;
}

/** Covers each period and joins touching segments of one grain: a year of days is one scan. */
function segmentsOf(periods: readonly Period[], hours: boolean): Segment[] {
  const all = periods.flatMap((period) => coverRange(period.start, period.end, hours)).sort((a, b) => (a.grain === b.grain ? a.from - b.from : a.grain < b.grain ? -1 : 1));
  const joined: Segment[] = [];
  for (const segment of all) {
    const last = joined.at(-1);
    if (last && last.grain === segment.grain && last.to === segment.from) last.to = segment.to;
    else joined.push({ ...segment });
  }
  return joined;
}

const SUMS = sql.raw(COUNT_COLUMNS.map(([, column]) => `SUM(${column})`).join(', '));

/** The site's counts per period. */
export async function sumSitePeriods(db: Db, site: ReportSite, periods: readonly Period[], filter: RollupFilter): Promise<Counts[]> {
  const sums = periods.map(() => new Array<number>(COUNT_COLUMNS.length).fill(0));
  const where = filterSql(filter);
  for (const segment of segmentsOf(periods, true)) {
    // One row per bucket of the segment: few enough to read whole.
    const rows = await db.values<number[]>(
      sql`SELECT bucket, ${SUMS} FROM analytics_site_rollups WHERE site_id = ${site.id} AND grain = ${grainOf(segment.grain, filter)} AND bucket >= ${segment.from} AND bucket < ${segment.to}${where} GROUP BY bucket`,
    );
    for (const row of rows) {
      const index = periodOf(periods, row[0]!);
      if (index < 0) continue;
      const target = sums[index]!;
      for (let i = 0; i < target.length; i++) target[i]! += row[i + 1] ?? 0;
    }
  }
  return sums.map((row) => countsFromSums(row, site.conversionCounts));
}

/**
 * The site's unique visitors per period, from the day and month sketches. A period made of one
 * sketch (a day of a day chart, unfiltered) is counted from the stored bytes, with no merge.
 */
export async function countUsersPeriods(db: Db, site: ReportSite, periods: readonly Period[], filter: RollupFilter): Promise<number[]> {
  return (await sketchesPerPeriod(db, site, periods, filter)).map((sketches) => (sketches.length === 1 ? countSketch(sketches[0]!) : countUnion(unionOf(sketches))));
}

/** The site's visitors per period as mergeable sets: the reports across sites add them up before counting. */
export async function userUnionsPeriods(db: Db, site: ReportSite, periods: readonly Period[], filter: RollupFilter): Promise<SketchUnion[]> {
  return (await sketchesPerPeriod(db, site, periods, filter)).map(unionOf);
}

function unionOf(sketches: readonly Uint8Array[]): SketchUnion {
  const union = emptyUnion();
  for (const sketch of sketches) addSketch(union, sketch);
  return union;
}

async function sketchesPerPeriod(db: Db, site: ReportSite, periods: readonly Period[], filter: RollupFilter): Promise<Uint8Array[][]> {
  const found: Uint8Array[][] = periods.map(() => []);
  const where = filterSql(filter);
  for (const segment of segmentsOf(periods, false)) {
    const rows = await db.values<[number, Uint8Array]>(
      sql`SELECT bucket, sketch FROM analytics_visitor_sketches WHERE site_id = ${site.id} AND grain = ${grainOf(segment.grain, filter)} AND bucket >= ${segment.from} AND bucket < ${segment.to}${where}`,
    );
    for (const row of rows) {
      const index = periodOf(periods, row[0]);
      if (index >= 0) found[index]!.push(row[1]);
    }
  }
  return found;
}

/**
 * One statement that sums `sums` over a range's net cover (`netCover`), grouped by `keys`:
 * SQLite adds the rows of every segment, the rows of a subtracted one negated, so only the
 * groups come back to JavaScript (a cell's 50 rows, an edge's 250), not every bucket's row.
 * Groups that net to zero in every sum are dropped: they lie only in the days taken away.
 */
async function netSums(
  db: Db,
  table: string,
  keys: readonly string[],
  sums: readonly string[],
  scope: { siteId: string; cell?: string },
  range: Period,
  hours: boolean,
  filter: RollupFilter,
): Promise<unknown[][]> {
  const where = filterSql(filter);
  const segments = netCover(range.start, range.end, hours);
  if (segments.length === 0) return [];
  // Table and column names are the callers' constants, never a request's.
  const from = sql.raw(table);
  const cell = scope.cell === undefined ? sql`` : sql` AND cell = ${scope.cell}`;
  const selects = segments.map((segment) => {
    const columns = sql.raw([...keys, ...sums.map((column) => (segment.sign < 0 ? `-${column} AS ${column}` : column))].join(', '));
    return sql`SELECT ${columns} FROM ${from}
       WHERE site_id = ${scope.siteId}${cell} AND grain = ${grainOf(segment.grain, filter)} AND bucket >= ${segment.from} AND bucket < ${segment.to}${where}`;
  });
  const summed = sql.raw([...keys, ...sums.map((column) => `SUM(${column})`)].join(', '));
  const groups = sql.raw(keys.join(', '));
  const nonZero = sql.raw(sums.map((column) => `SUM(${column}) <> 0`).join(' OR '));
  return await db.values(sql`SELECT ${summed} FROM (${sql.join(selects, sql` UNION ALL `)}) AS segments GROUP BY ${groups} HAVING ${nonZero} ORDER BY ${groups}`);
}

const COUNT_NAMES = COUNT_COLUMNS.map(([, column]) => column);

/** Each cell's counts over the range. */
export async function sumCells(db: Db, site: ReportSite, range: Period, filter: RollupFilter): Promise<Map<string, Counts>> {
  const rows = (await netSums(db, 'analytics_cell_rollups', ['cell'], COUNT_NAMES, { siteId: site.id }, range, true, filter)) as [string, ...number[]][];
  return new Map(rows.map(([cell, ...sums]) => [cell, countsFromSums(sums, site.conversionCounts)]));
}

export type EdgeSum = { from: string; to: string; direction: string; moves: number };

/** Moves and exits over the range (days and months). */
export async function sumEdges(db: Db, site: ReportSite, range: Period, filter: RollupFilter): Promise<EdgeSum[]> {
  const rows = (await netSums(db, 'analytics_edges', ['from_cell', 'to_cell', 'direction'], ['moves'], { siteId: site.id }, range, false, filter)) as [string, string, string, number][];
  return rows.map(([from, to, direction, moves]) => ({ from, to, direction, moves }));
}

/** A cell's taps per bin over the range (days and months). */
export async function sumTaps(db: Db, site: ReportSite, cell: string, range: Period, filter: RollupFilter): Promise<{ x: number; y: number; taps: number }[]> {
  const rows = (await netSums(db, 'analytics_taps', ['y', 'x'], ['taps'], { siteId: site.id, cell }, range, false, filter)) as [number, number, number][];
  return rows.map(([y, x, taps]) => ({ x, y, taps }));
}

/**
 * Each campaign item's clicks over the range, from its hourly rows: a range starts and ends on a
 * local midnight, which is an hour's start in every zone of whole-hour offsets (a half-hour zone
 * reads its days half an hour off).
 */
export async function sumCampaignClicks(db: Db, site: Pick<ReportSite, 'id'>, range: Period, filter: RollupFilter): Promise<Map<string, number>> {
  const where = filterSql(filter);
  const rows = await db.values<[string, number]>(
    sql`SELECT item_id, SUM(clicks) FROM analytics_campaign_clicks WHERE site_id = ${site.id} AND bucket >= ${range.start} AND bucket < ${range.end}${where} GROUP BY item_id`,
  );
  return new Map(rows.map(([itemId, clicks]) => [itemId, Number(clicks)]));
}
