import { type SQL, sql } from 'drizzle-orm';
import type { RunResult } from '../db/async-database.ts';
import type { Queries } from '../db/open-database.ts';
import { COUNT_COLUMNS, COUNT_INDEX, type CountName } from './count-columns.ts';
import { dayBucket, hourBucket, monthBucket } from './rollup-buckets.ts';
import { addHash, addSketch, emptyUnion, encodeSketch, visitorHash } from './visitor-sketch.ts';

/** The filter dimensions of an event ('' when it had none). */
export type Dimensions = { variant: string; lang: string; device: string; source: string };

/**
 * What one raw event adds to the rollups (api/analytics/event-facts.ts makes these): counts on
 * its cell, a move or exit out of it, a tap on it, and who it was.
 */
export type Fact = {
  siteId: string;
  at: number;
  cell: string;
  dims: Dimensions;
  visitor: string | null;
  counts?: Partial<Record<CountName, number>>;
  /** A move to another cell, or an exit (`to` ''), by direction. */
  edge?: { to: string; direction: string };
  tap?: { x: number; y: number };
  /** The campaign banner or button a click was on. */
  campaignItem?: string;
};

const WIDTH = COUNT_COLUMNS.length;
const SEP = '\u0001';
/** The dimensions of a row of all combinations: every one ''. */
const ALL_DIMS: readonly string[] = ['', '', '', ''];

/**
 * The rows of one grain's bucket for one site and one combination of dimensions: what the facts
 * of that hour, day or month add, by cell (counts), for the site (counts), by move, by tap bin,
 * and the visitors.
 */
type Group = {
  siteId: string;
  grain: string;
  bucket: number;
  dims: readonly string[];
  cells: Map<string, number[]>;
  site: number[] | null;
  /** By `from SEP to SEP direction`. */
  edges: Map<string, number>;
  /** By `cell SEP x SEP y`. */
  taps: Map<string, number>;
  visitors: Set<number>;
};

/**
 * The six groups a fact of one site, hour and dimensions adds to: its combination of filters
 * (grains h, d, m) and the row of all combinations (H, D, M, dimensions ''), which unfiltered
 * reports read alone.
 */
type Context = { siteId: string; hour: number; dims: Dimensions; counted: readonly Group[]; daily: readonly Group[] };

/**
 * The sums of a batch of facts, kept in memory by row, then added to the rollup tables by one
 * upsert per row: a batch of 20,000 events touches a few thousand rows at most.
 *
 * Rows are grouped by (site, grain, bucket, dimensions), and a fact finds its six groups by one
 * short key of its site, hour and dimensions (or none: the last fact's, when they are the same),
 * then looks up only its cell, move or tap bin in them. A key of all the row's columns joined and
 * hashed for each of the ~16 rows a fact touches took a third of the event writer thread's CPU
 * under ingest load (bench/visitor.bench.ts, docs/decisions.md).
 */
export class RollupBatch {
  readonly #groups = new Map<string, Group>();
  readonly #contexts = new Map<string, Context>();
  /** Campaign items' clicks by `site SEP hour SEP item SEP dimensions`: few, so a plain key. */
  readonly #campaignClicks = new Map<string, number>();
  #last: Context | null = null;

  #group(siteId: string, grain: string, bucket: number, dims: readonly string[]): Group {
    const key = `${siteId}${SEP}${grain}${SEP}${bucket}${SEP}${dims.join(SEP)}`;
    let group = this.#groups.get(key);
    if (!group) {
      group = { siteId, grain, bucket, dims, cells: new Map(), site: null, edges: new Map(), taps: new Map(), visitors: new Set() };
      this.#groups.set(key, group);
    }
    return group;
  }

  #contextOf(fact: Fact, hour: number): Context {
    const last = this.#last;
    const { dims } = fact;
    if (
      last &&
      last.siteId === fact.siteId &&
      last.hour === hour &&
      last.dims.variant === dims.variant &&
      last.dims.lang === dims.lang &&
      last.dims.device === dims.device &&
      last.dims.source === dims.source
    ) {
      return last;
    }
    // Visitors' events interleave: one short key a fact finds the groups of its hour and dimensions again.
    const key = `${hour}${SEP}${dims.variant}${SEP}${dims.lang}${SEP}${dims.device}${SEP}${dims.source}${SEP}${fact.siteId}`;
    let context = this.#contexts.get(key);
    if (!context) {
      const own = [dims.variant, dims.lang, dims.device, dims.source];
      const day = dayBucket(fact.at);
      const month = monthBucket(fact.at);
      const groups = (grains: readonly [string, number][]) => [
        ...grains.map(([grain, bucket]) => this.#group(fact.siteId, grain, bucket, own)),
        ...grains.map(([grain, bucket]) => this.#group(fact.siteId, grain.toUpperCase(), bucket, ALL_DIMS)),
      ];
      context = {
        siteId: fact.siteId,
        hour,
        dims: { ...dims },
        counted: groups([
          ['h', hour],
          ['d', day],
          ['m', month],
        ]),
        daily: groups([
          ['d', day],
          ['m', month],
        ]),
      };
      this.#contexts.set(key, context);
    }
    this.#last = context;
    return context;
  }

  add(fact: Fact): void {
    // The hour decides the day and month too: a fact of the same hour has the same buckets.
    const context = this.#contextOf(fact, hourBucket(fact.at));
    if (fact.counts) {
      const counts = countsOf(fact.counts);
      for (const group of context.counted) {
        let sums = group.cells.get(fact.cell);
        if (!sums) {
          sums = new Array<number>(WIDTH).fill(0);
          group.cells.set(fact.cell, sums);
        }
        addCounts(sums, counts);
        group.site ??= new Array<number>(WIDTH).fill(0);
        addCounts(group.site, counts);
      }
    }
    if (fact.campaignItem) {
      const { variant, lang, device, source } = fact.dims;
      bump(this.#campaignClicks, [fact.siteId, context.hour, fact.campaignItem, variant, lang, device, source].join(SEP));
    }
    const edgeKey = fact.edge ? `${fact.cell}${SEP}${fact.edge.to}${SEP}${fact.edge.direction}` : null;
    const tapKey = fact.tap ? `${fact.cell}${SEP}${fact.tap.x}${SEP}${fact.tap.y}` : null;
    const visitor = fact.visitor ? visitorHash(fact.visitor) : null;
    if (edgeKey === null && tapKey === null && visitor === null) return;
    for (const group of context.daily) {
      if (edgeKey !== null) bump(group.edges, edgeKey);
      if (tapKey !== null) bump(group.taps, tapKey);
      if (visitor !== null) group.visitors.add(visitor);
    }
  }

  /** Adds the batch to the tables; run inside the transaction that also moves the watermark. */
  async write(statements: RollupStatements): Promise<void> {
    const groups = [...this.#groups.values()];
    for (const { siteId, grain, bucket, dims, cells } of groups) for (const [cell, sums] of cells) await statements.cell([siteId, grain, bucket, cell, ...dims, ...sums]);
    for (const { siteId, grain, bucket, dims, site } of groups) if (site) await statements.site([siteId, grain, bucket, ...dims, ...site]);
    for (const { siteId, grain, bucket, dims, edges } of groups) {
      for (const [key, moves] of edges) await statements.edge([siteId, grain, bucket, ...key.split(SEP), ...dims, moves]);
    }
    for (const { siteId, grain, bucket, dims, taps } of groups) {
      for (const [key, count] of taps) {
        const [cell, x, y] = key.split(SEP);
        await statements.tap([siteId, cell!, grain, bucket, Number(x), Number(y), ...dims, count]);
      }
    }
    for (const [key, clicks] of this.#campaignClicks) {
      const [siteId, hour, itemId, ...dims] = key.split(SEP);
      await statements.campaign([siteId!, Number(hour), itemId!, ...dims, clicks]);
    }
    for (const { siteId, grain, bucket, dims, visitors } of groups) {
      if (visitors.size === 0) continue;
      const stored = await statements.readSketch([siteId, grain, bucket, ...dims]);
      const union = emptyUnion();
      if (stored) addSketch(union, stored.sketch);
      for (const hash of visitors) addHash(union, hash);
      await statements.writeSketch([siteId, grain, bucket, ...dims, encodeSketch(union)]);
    }
  }
}

/** A fact's counts as (column index, value) pairs: read once, added to the six rows a fact counts in. */
function countsOf(counts: Partial<Record<CountName, number>>): number[] {
  const pairs: number[] = [];
  for (const [name, value] of Object.entries(counts) as [CountName, number][]) {
    const index = COUNT_INDEX.get(name);
    if (value && index !== undefined) pairs.push(index, value);
  }
  return pairs;
}

function addCounts(sums: number[], pairs: readonly number[]): void {
  for (let i = 0; i < pairs.length; i += 2) sums[pairs[i]!]! += pairs[i + 1]!;
}

function bump(map: Map<string, number>, key: string): void {
  map.set(key, (map.get(key) ?? 0) + 1);
}

/** A value bound to a rollup statement's parameter. */
type Value = string | number | Uint8Array | null;

/**
 * The statements that add a batch's sums, each a function of its values in the order of its
 * columns (as listed in prepareRollupStatements), running one statement on the database or
 * transaction it was made for.
 */
export type RollupStatements = {
  /** site_id, grain, bucket, cell, the four dimensions, then the counts in COUNT_COLUMNS' order. */
  cell(values: readonly Value[]): Promise<RunResult>;
  /** site_id, grain, bucket, the four dimensions, then the counts in COUNT_COLUMNS' order. */
  site(values: readonly Value[]): Promise<RunResult>;
  /** site_id, grain, bucket, from_cell, to_cell, direction, the four dimensions, moves. */
  edge(values: readonly Value[]): Promise<RunResult>;
  /** site_id, cell, grain, bucket, x, y, the four dimensions, taps. */
  tap(values: readonly Value[]): Promise<RunResult>;
  /** site_id, bucket (the hour), item_id, the four dimensions, clicks. */
  campaign(values: readonly Value[]): Promise<RunResult>;
  /** site_id, grain, bucket, the four dimensions: the stored sketch, if any. */
  readSketch(values: readonly Value[]): Promise<{ sketch: Uint8Array } | undefined>;
  /** site_id, grain, bucket, the four dimensions, sketch. */
  writeSketch(values: readonly Value[]): Promise<RunResult>;
};

const DIMS = 'variant, lang, device, source';

/** The values as `(?, ?, …)`, one parameter each; `count` says how many the statement takes. */
function tuple(values: readonly Value[], count: number): SQL {
  if (values.length !== count) throw new Error(`a rollup statement takes ${count} values, not ${values.length}`);
  return sql`(${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )})`;
}

/** The upserts that add a batch's sums, on `db` (the fold's transaction). Their texts are built once here, from this file's constants. */
export function prepareRollupStatements(db: Queries): RollupStatements {
  const countColumns = COUNT_COLUMNS.map(([, column]) => column);
  // The stored count is named by its table: PostgreSQL will not guess between it and `excluded`.
  const adds = (table: string) => countColumns.map((column) => `${column} = ${table}.${column} + excluded.${column}`).join(', ');
  const cellInto = sql.raw(`INSERT INTO analytics_cell_rollups (site_id, grain, bucket, cell, ${DIMS}, ${countColumns.join(', ')}) VALUES `);
  const cellUpdate = sql.raw(` ON CONFLICT (site_id, grain, bucket, cell, ${DIMS}) DO UPDATE SET ${adds('analytics_cell_rollups')}`);
  const siteInto = sql.raw(`INSERT INTO analytics_site_rollups (site_id, grain, bucket, ${DIMS}, ${countColumns.join(', ')}) VALUES `);
  const siteUpdate = sql.raw(` ON CONFLICT (site_id, grain, bucket, ${DIMS}) DO UPDATE SET ${adds('analytics_site_rollups')}`);
  const dims = sql.raw(DIMS);
  return {
    cell: async (values) => await db.run(sql`${cellInto}${tuple(values, 8 + WIDTH)}${cellUpdate}`),
    site: async (values) => await db.run(sql`${siteInto}${tuple(values, 7 + WIDTH)}${siteUpdate}`),
    edge: async (values) =>
      await db.run(
        sql`INSERT INTO analytics_edges (site_id, grain, bucket, from_cell, to_cell, direction, ${dims}, moves) VALUES ${tuple(values, 11)}
            ON CONFLICT (site_id, grain, bucket, from_cell, to_cell, direction, ${dims}) DO UPDATE SET moves = analytics_edges.moves + excluded.moves`,
      ),
    tap: async (values) =>
      await db.run(
        sql`INSERT INTO analytics_taps (site_id, cell, grain, bucket, x, y, ${dims}, taps) VALUES ${tuple(values, 11)}
            ON CONFLICT (site_id, cell, grain, bucket, x, y, ${dims}) DO UPDATE SET taps = analytics_taps.taps + excluded.taps`,
      ),
    campaign: async (values) =>
      await db.run(
        sql`INSERT INTO analytics_campaign_clicks (site_id, bucket, item_id, ${dims}, clicks) VALUES ${tuple(values, 8)}
            ON CONFLICT (site_id, bucket, item_id, ${dims}) DO UPDATE SET clicks = analytics_campaign_clicks.clicks + excluded.clicks`,
      ),
    readSketch: async (values) => {
      const [siteId, grain, bucket, variant, lang, device, source] = values;
      if (values.length !== 7) throw new Error(`the sketch read takes 7 values, not ${values.length}`);
      return await db.get<{ sketch: Uint8Array } | undefined>(
        sql`SELECT sketch FROM analytics_visitor_sketches
            WHERE site_id = ${siteId} AND grain = ${grain} AND bucket = ${bucket} AND variant = ${variant} AND lang = ${lang} AND device = ${device} AND source = ${source}`,
      );
    },
    writeSketch: async (values) =>
      await db.run(
        sql`INSERT INTO analytics_visitor_sketches (site_id, grain, bucket, ${dims}, sketch) VALUES ${tuple(values, 8)}
            ON CONFLICT (site_id, grain, bucket, ${dims}) DO UPDATE SET sketch = excluded.sketch`,
      ),
  };
}
