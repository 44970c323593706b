import type Database from 'better-sqlite3';
import type { Counts } from '../../model/analytics-report.ts';
import type { Period } from '../../model/zoned-calendar.ts';
import type { Db } from '../db/open-database.ts';
import { COUNT_COLUMNS, countsFromSums } from './count-columns.ts';
import { coverRange, type Segment } from './range-cover.ts';
import type { ReportSite } from './report-site.ts';
import { addSketch, countUnion, emptyUnion, type SketchUnion } from './visitor-sketch.ts';

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

function filterSql(filter: RollupFilter): { sql: string; params: string[] } {
  const parts: string[] = [];
  const params: string[] = [];
  for (const column of FILTER_COLUMNS) {
    const value = filter[column];
    if (value === undefined) continue;
    parts.push(`AND ${column} = ?`);
    params.push(value);
  }
  return { sql: parts.join(' '), params };
}

const statements = new WeakMap<Database.Database, Map<string, Database.Statement>>();

function statement(db: Db, sql: string): Database.Statement {
  let cache = statements.get(db.$client);
  if (!cache) {
    cache = new Map();
    statements.set(db.$client, cache);
  }
  let found = cache.get(sql);
  if (!found) {
    found = db.$client.prepare(sql);
    cache.set(sql, found);
  }
  return found;
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

const SUMS = COUNT_COLUMNS.map(([, column]) => `SUM(${column})`).join(', ');

/** The site's counts per period. */
export function sumSitePeriods(db: Db, site: ReportSite, periods: readonly Period[], filter: RollupFilter): Counts[] {
  const sums = periods.map(() => new Array<number>(COUNT_COLUMNS.length).fill(0));
  const where = filterSql(filter);
  const select = statement(db, `SELECT bucket, ${SUMS} FROM analytics_site_rollups WHERE site_id = ? AND grain = ? AND bucket >= ? AND bucket < ? ${where.sql} GROUP BY bucket`).raw();
  for (const segment of segmentsOf(periods, true)) {
    for (const row of select.iterate(site.id, grainOf(segment.grain, filter), segment.from, segment.to, ...where.params) as Iterable<number[]>) {
      const index = periodOf(periods, row[0]!);
      if (index < 0) continue;
      const target = sums[index]!;
      for (let i = 0; i < target.length; i++) target[i]! += row[i + 1] ?? 0;
    }
  }
  return sums.map((row) => countsFromSums(row, site.conversionCounts));
}

/** The site's unique visitors per period, from the day and month sketches. */
export function countUsersPeriods(db: Db, site: ReportSite, periods: readonly Period[], filter: RollupFilter): number[] {
  return userUnionsPeriods(db, site, periods, filter).map(countUnion);
}

/** The site's visitors per period as mergeable sets: the reports across sites add them up before counting. */
export function userUnionsPeriods(db: Db, site: ReportSite, periods: readonly Period[], filter: RollupFilter): SketchUnion[] {
  const unions: SketchUnion[] = periods.map(() => emptyUnion());
  const where = filterSql(filter);
  const select = statement(db, `SELECT bucket, sketch FROM analytics_visitor_sketches WHERE site_id = ? AND grain = ? AND bucket >= ? AND bucket < ? ${where.sql}`).raw();
  for (const segment of segmentsOf(periods, false)) {
    for (const row of select.iterate(site.id, grainOf(segment.grain, filter), segment.from, segment.to, ...where.params) as Iterable<[number, Uint8Array]>) {
      const index = periodOf(periods, row[0]);
      if (index >= 0) addSketch(unions[index]!, row[1]);
    }
  }
  return unions;
}

/** Each cell's counts over the range. */
export function sumCells(db: Db, site: ReportSite, range: Period, filter: RollupFilter): Map<string, Counts> {
  const cells = new Map<string, number[]>();
  const where = filterSql(filter);
  const select = statement(db, `SELECT cell, ${SUMS} FROM analytics_cell_rollups WHERE site_id = ? AND grain = ? AND bucket >= ? AND bucket < ? ${where.sql} GROUP BY bucket, cell`).raw();
  for (const segment of segmentsOf([range], true)) {
    for (const row of select.iterate(site.id, grainOf(segment.grain, filter), segment.from, segment.to, ...where.params) as Iterable<[string, ...number[]]>) {
      let target = cells.get(row[0]);
      if (!target) {
        target = new Array<number>(COUNT_COLUMNS.length).fill(0);
        cells.set(row[0], target);
      }
      for (let i = 0; i < target.length; i++) target[i]! += Number(row[i + 1] ?? 0);
    }
  }
  return new Map([...cells].map(([cell, sums]) => [cell, countsFromSums(sums, site.conversionCounts)]));
}

export type EdgeSum = { from: string; to: string; direction: string; moves: number };

/** Moves and exits over the range (days and months). */
export function sumEdges(db: Db, site: ReportSite, range: Period, filter: RollupFilter): EdgeSum[] {
  const edges = new Map<string, EdgeSum>();
  const where = filterSql(filter);
  const select = statement(
    db,
    `SELECT from_cell, to_cell, direction, SUM(moves) FROM analytics_edges WHERE site_id = ? AND grain = ? AND bucket >= ? AND bucket < ? ${where.sql} GROUP BY bucket, from_cell, to_cell, direction`,
  ).raw();
  for (const segment of segmentsOf([range], false)) {
    for (const [from, to, direction, moves] of select.iterate(site.id, grainOf(segment.grain, filter), segment.from, segment.to, ...where.params) as Iterable<[string, string, string, number]>) {
      const key = `${from} ${to} ${direction}`;
      const found = edges.get(key);
      if (found) found.moves += moves;
      else edges.set(key, { from, to, direction, moves });
    }
  }
  return [...edges.values()];
}

/** A cell's taps per bin over the range (days and months). */
export function sumTaps(db: Db, site: ReportSite, cell: string, range: Period, filter: RollupFilter): { x: number; y: number; taps: number }[] {
  const bins = new Map<string, { x: number; y: number; taps: number }>();
  const where = filterSql(filter);
  const select = statement(db, `SELECT x, y, SUM(taps) FROM analytics_taps WHERE site_id = ? AND cell = ? AND grain = ? AND bucket >= ? AND bucket < ? ${where.sql} GROUP BY bucket, x, y`).raw();
  for (const segment of segmentsOf([range], false)) {
    for (const [x, y, taps] of select.iterate(site.id, cell, grainOf(segment.grain, filter), segment.from, segment.to, ...where.params) as Iterable<[number, number, number]>) {
      const key = `${x},${y}`;
      const found = bins.get(key);
      if (found) found.taps += taps;
      else bins.set(key, { x, y, taps });
    }
  }
  return [...bins.values()].sort((a, b) => a.y - b.y || a.x - b.x);
}
