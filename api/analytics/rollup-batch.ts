import type Database from 'better-sqlite3';
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
};

const WIDTH = COUNT_COLUMNS.length;
const SEP = '\u0001';
/** The dimensions of a row of all combinations: every one ''. */
const ALL_DIMS = ['', '', '', ''].join(SEP);

/**
 * The sums of a batch of facts, kept in memory by row key, then added to the rollup tables by
 * one upsert per row: a batch of 20,000 events touches a few thousand rows at most.
 */
export class RollupBatch {
  readonly cells = new Map<string, number[]>();
  readonly sites = new Map<string, number[]>();
  readonly edges = new Map<string, number>();
  readonly taps = new Map<string, number>();
  readonly visitors = new Map<string, Set<number>>();

  add(fact: Fact): void {
    const { dims } = fact;
    const dimKey = `${dims.variant}${SEP}${dims.lang}${SEP}${dims.device}${SEP}${dims.source}`;
    const day = dayBucket(fact.at);
    const month = monthBucket(fact.at);
    // Each fact goes to its combination of filters (grain h, d, m) and to the row of all
    // combinations (grain H, D, M, dimensions ''), which unfiltered reports read alone.
    const scopes: readonly (readonly [string, string])[] = [
      ['', dimKey],
      ['upper', ALL_DIMS],
    ];
    for (const [scope, key] of scopes) {
      const g = (grain: string) => (scope === '' ? grain : grain.toUpperCase());
      if (fact.counts) {
        for (const [grain, bucket] of [
          ['h', hourBucket(fact.at)],
          ['d', day],
          ['m', month],
        ] as const) {
          addCounts(this.cells, [fact.siteId, g(grain), bucket, fact.cell, key].join(SEP), fact.counts);
          addCounts(this.sites, [fact.siteId, g(grain), bucket, key].join(SEP), fact.counts);
        }
      }
      for (const [grain, bucket] of [
        ['d', day],
        ['m', month],
      ] as const) {
        if (fact.edge) bump(this.edges, [fact.siteId, g(grain), bucket, fact.cell, fact.edge.to, fact.edge.direction, key].join(SEP));
        if (fact.tap) bump(this.taps, [fact.siteId, fact.cell, g(grain), bucket, fact.tap.x, fact.tap.y, key].join(SEP));
        if (fact.visitor) {
          const visitorKey = [fact.siteId, g(grain), bucket, key].join(SEP);
          let set = this.visitors.get(visitorKey);
          if (!set) {
            set = new Set();
            this.visitors.set(visitorKey, set);
          }
          set.add(visitorHash(fact.visitor));
        }
      }
    }
  }

  /** Adds the batch to the tables; run inside the transaction that also moves the watermark. */
  write(statements: RollupStatements): void {
    for (const [key, sums] of this.cells) statements.cell.run(...splitKey(key), ...sums);
    for (const [key, sums] of this.sites) statements.site.run(...splitKey(key), ...sums);
    for (const [key, moves] of this.edges) statements.edge.run(...splitKey(key), moves);
    for (const [key, taps] of this.taps) statements.tap.run(...splitKey(key), taps);
    for (const [key, hashes] of this.visitors) {
      const parts = splitKey(key);
      const stored = statements.readSketch.get(...parts) as { sketch: Uint8Array } | undefined;
      const union = emptyUnion();
      if (stored) addSketch(union, stored.sketch);
      for (const hash of hashes) addHash(union, hash);
      statements.writeSketch.run(...parts, encodeSketch(union));
    }
  }
}

function addCounts(map: Map<string, number[]>, key: string, counts: Partial<Record<CountName, number>>): void {
  let sums = map.get(key);
  if (!sums) {
    sums = new Array<number>(WIDTH).fill(0);
    map.set(key, sums);
  }
  for (const [name, value] of Object.entries(counts) as [CountName, number][]) {
    const index = COUNT_INDEX.get(name);
    if (value && index !== undefined) sums[index]! += value;
  }
}

function bump(map: Map<string, number>, key: string): void {
  map.set(key, (map.get(key) ?? 0) + 1);
}

/** A key back to its column values, all text: the columns' integer affinity turns buckets and bins back into numbers. */
function splitKey(key: string): string[] {
  return key.split(SEP);
}

export type RollupStatements = {
  cell: Database.Statement;
  site: Database.Statement;
  edge: Database.Statement;
  tap: Database.Statement;
  readSketch: Database.Statement;
  writeSketch: Database.Statement;
};

const DIMS = 'variant, lang, device, source';

/** The upserts that add a batch's sums; prepared once per connection. */
export function prepareRollupStatements(sqlite: Database.Database): RollupStatements {
  const countColumns = COUNT_COLUMNS.map(([, column]) => column);
  const adds = countColumns.map((column) => `${column} = ${column} + excluded.${column}`).join(', ');
  const marks = (n: number) => Array.from({ length: n }, () => '?').join(', ');
  return {
    cell: sqlite.prepare(
      `INSERT INTO analytics_cell_rollups (site_id, grain, bucket, cell, ${DIMS}, ${countColumns.join(', ')}) VALUES (${marks(8 + WIDTH)})
       ON CONFLICT (site_id, grain, bucket, cell, ${DIMS}) DO UPDATE SET ${adds}`,
    ),
    site: sqlite.prepare(
      `INSERT INTO analytics_site_rollups (site_id, grain, bucket, ${DIMS}, ${countColumns.join(', ')}) VALUES (${marks(7 + WIDTH)})
       ON CONFLICT (site_id, grain, bucket, ${DIMS}) DO UPDATE SET ${adds}`,
    ),
    edge: sqlite.prepare(
      `INSERT INTO analytics_edges (site_id, grain, bucket, from_cell, to_cell, direction, ${DIMS}, moves) VALUES (${marks(11)})
       ON CONFLICT (site_id, grain, bucket, from_cell, to_cell, direction, ${DIMS}) DO UPDATE SET moves = moves + excluded.moves`,
    ),
    tap: sqlite.prepare(
      `INSERT INTO analytics_taps (site_id, cell, grain, bucket, x, y, ${DIMS}, taps) VALUES (${marks(11)})
       ON CONFLICT (site_id, cell, grain, bucket, x, y, ${DIMS}) DO UPDATE SET taps = taps + excluded.taps`,
    ),
    readSketch: sqlite.prepare(`SELECT sketch FROM analytics_visitor_sketches WHERE site_id = ? AND grain = ? AND bucket = ? AND variant = ? AND lang = ? AND device = ? AND source = ?`),
    writeSketch: sqlite.prepare(`INSERT OR REPLACE INTO analytics_visitor_sketches (site_id, grain, bucket, ${DIMS}, sketch) VALUES (${marks(8)})`),
  };
}
