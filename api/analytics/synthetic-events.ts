import { ROW_LEVEL } from '../db/async-database.ts';
import { type SQL, sql } from 'drizzle-orm';
import type { Queries } from '../db/open-database.ts';
import { formatPosition, parsePosition } from '../../model/position.ts';
import { CLICK_EVENT_TYPES, CONVERSION_EVENT_TYPES, type MoveDirection, MOVE_DIRECTIONS, TAP_COLUMNS, TAP_ROWS } from '../../model/visitor-event-kinds.ts';

/**
 * Visits as the viewer would report them, made up from a seed, written straight into
 * `visitor_events`: the rollup tests compare the rollups with a direct count of these, and the
 * analytics bench fills its ten million rows with them.
 */

/** One `visitor_events` row, as the ingest writes it (api/visitor/event-rows.ts). */
export type SyntheticEvent = {
  siteId: string;
  kind: string;
  cell: string;
  toCell: string | null;
  direction: string | null;
  value: number | null;
  tapX: number | null;
  tapY: number | null;
  targetId: string | null;
  snsType: string | null;
  referrerHost: string | null;
  utmSource: string | null;
  sessionId: string;
  visitId: string;
  variationId: string | null;
  experimentId: string | null;
  lang: string | null;
  device: string;
  at: number;
};

export type SyntheticSite = {
  siteId: string;
  columns: number;
  rows: number;
  /** How many distinct visitors (sessionId cookies) the visits are drawn from. */
  visitors: number;
  /** Visits land between `start` and `start + spanMs`. */
  start: number;
  spanMs: number;
  langs: readonly string[];
  devices: readonly string[];
};

/** A small fast generator (mulberry32): the same seed, the same visits. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const REFERRERS: readonly (readonly [string | null, string | null])[] = [
  [null, null],
  ['www.google.co.jp', null],
  ['l.instagram.com', null],
  ['blog.example.com', null],
  [null, 'newsletter'],
];

function step(cell: string, direction: MoveDirection, site: SyntheticSite): string | null {
  const at = parsePosition(cell)!;
  const column = at.columnIndex + (direction === 'left' ? -1 : direction === 'right' ? 1 : 0);
  const row = at.row + (direction === 'up' ? -1 : direction === 'down' ? 1 : 0);
  if (column < 0 || column >= site.columns || row < 1 || row > site.rows) return null;
  return formatPosition(column, row);
}

/**
 * One visit: a landing, then moves (a dwell on each cell left), clicks, taps and conversions,
 * and mostly an exit (a swipe past the grid's edge, or leaving); some visits' exits are lost, as
 * a closed tab's beacon can be.
 */
export function syntheticVisit(random: () => number, site: SyntheticSite, visitNumber: number): SyntheticEvent[] {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const visitor = `visitor-${Math.floor(random() * site.visitors)}`;
  const [referrerHost, utmSource] = pick(REFERRERS);
  const common = {
    siteId: site.siteId,
    sessionId: visitor,
    visitId: `${site.siteId}-visit-${visitNumber}`,
    variationId: visitor,
    experimentId: null,
    lang: pick(site.langs),
    device: pick(site.devices),
  };
  const none = { toCell: null, direction: null, value: null, tapX: null, tapY: null, targetId: null, snsType: null, referrerHost: null, utmSource: null };
  let at = site.start + Math.floor(random() * site.spanMs);
  let cell = formatPosition(Math.floor(random() * site.columns), 1 + Math.floor(random() * site.rows));
  const events: SyntheticEvent[] = [{ ...common, ...none, kind: 'landing', cell, referrerHost, utmSource, at }];
  const actions = Math.floor(random() * 10);
  for (let i = 0; i < actions; i++) {
    at += 1_000 + Math.floor(random() * 60_000);
    const roll = random();
    if (roll < 0.45) {
      const direction = pick(MOVE_DIRECTIONS);
      const to = step(cell, direction, site);
      events.push({ ...common, ...none, kind: 'dwell', cell, value: Math.floor(random() * 30_000), at });
      if (!to) {
        events.push({ ...common, ...none, kind: 'exit', cell, direction, at });
        return events;
      }
      events.push({ ...common, ...none, kind: 'slide_page', cell, toCell: to, direction, at });
      cell = to;
    } else if (roll < 0.7) {
      const kind = pick(CLICK_EVENT_TYPES);
      events.push({ ...common, ...none, kind, cell, targetId: kind === 'click_sns' ? null : `target-${Math.floor(random() * 5)}`, snsType: kind === 'click_sns' ? 'line' : null, at });
    } else if (roll < 0.9) {
      events.push({ ...common, ...none, kind: 'tap', cell, tapX: Math.floor(random() * TAP_COLUMNS), tapY: Math.floor(random() * TAP_ROWS), at });
    } else {
      events.push({ ...common, ...none, kind: pick(CONVERSION_EVENT_TYPES), cell, at });
    }
  }
  if (random() < 0.8) events.push({ ...common, ...none, kind: 'exit', cell, direction: 'leave', at: at + 1_000 });
  return events;
}

/** Rows in one INSERT: 20 values each, 20,000 parameters, under SQLite's limit of 32,766 and PostgreSQL's of 65,535. */
const ROWS_PER_STATEMENT = 1_000;
const COMMA = sql`, `;

/**
 * Writes rows into `visitor_events` in one transaction, as the ingest's group commit does: a
 * multi-row INSERT per ROWS_PER_STATEMENT rows, which inserts and numbers them in the order given.
 */
export async function insertSyntheticEvents(db: Queries, events: readonly SyntheticEvent[]): Promise<void> {
  await db.transaction(async (tx) => {
    for (let from = 0; from < events.length; from += ROWS_PER_STATEMENT) {
      const rows: SQL[] = events
        .slice(from, from + ROWS_PER_STATEMENT)
        .map(
          (e) =>
            sql`(${e.siteId}, ${e.kind}, ${e.cell}, ${e.toCell}, ${e.direction}, ${e.value}, ${e.tapX}, ${e.tapY}, ${e.targetId}, ${e.snsType}, ${e.referrerHost}, ${e.utmSource}, ${e.sessionId}, ${e.visitId}, ${e.variationId}, ${e.experimentId}, ${e.lang}, ${e.device}, ${new Date(e.at)}, ${new Date(e.at)})`,
        );
      await tx.run(
        sql`INSERT INTO visitor_events (site_id, kind, cell, to_cell, direction, value, tap_x, tap_y, target_id, sns_type, referrer_host, utm_source, session_id, visit_id, variation_id, experiment_id, lang, device, occurred_at, received_at)
            VALUES ${sql.join(rows, COMMA)}`,
      );
    }
  }, ROW_LEVEL);
}
