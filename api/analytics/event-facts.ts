import { entrySource } from '../../model/entry-source.ts';
import { countOfEvent } from './count-columns.ts';
import type { Dimensions, Fact } from './rollup-batch.ts';

/**
 * The one place that knows the raw event's shape (`visitor_events`, model/visitor-event.ts):
 * what each event adds to the rollups. Everything else in the module reads facts.
 */

/** The columns the rollups read, named as `RawEvent` names them. */
export const EVENT_COLUMNS = [
  'id',
  'xact_id AS xact',
  'site_id AS "siteId"',
  'kind',
  'cell',
  'to_cell AS "toCell"',
  'direction',
  'value',
  'target_id AS "targetId"',
  'tap_x AS "tapX"',
  'tap_y AS "tapY"',
  'referrer_host AS "referrerHost"',
  'utm_source AS "utmSource"',
  'utm_medium AS "utmMedium"',
  'utm_campaign AS "utmCampaign"',
  'session_id AS "sessionId"',
  'visit_id AS "visitId"',
  'variation_id AS "variationId"',
  'experiment_id AS "experimentId"',
  'lang',
  'device',
  'occurred_at AS at',
].join(', ');

export type RawEvent = {
  id: number;
  /** The transaction that wrote it on PostgreSQL (api/analytics/fold-position.ts); 0 on SQLite. */
  xact: number;
  siteId: string;
  kind: string;
  cell: string;
  toCell: string | null;
  direction: string | null;
  value: number | null;
  /** The button, banner or item clicked, on click events. */
  targetId: string | null;
  tapX: number | null;
  tapY: number | null;
  referrerHost: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  sessionId: string;
  visitId: string;
  variationId: string | null;
  experimentId: string | null;
  lang: string | null;
  device: string;
  at: number;
};

/** A visit as the rollups remember it (`analytics_visits`): its landing, entry source and whether it has moved. */
export type Visit = { siteId: string; landingAt: number; landingCell: string; dims: Dimensions; moved: boolean };

/** Where the visits of a batch are looked up and kept (api/analytics/visit-book.ts). */
export type Visits = { get(visitId: string): Promise<Visit | undefined>; set(visitId: string, visit: Visit): void };

/**
 * The variant (the experiment arm) an event's visitor was shown, from the variationId and
 * experimentId cookies; '' outside any experiment. The A/B module supplies it.
 */
export type ArmOf = (event: Pick<RawEvent, 'siteId' | 'variationId' | 'experimentId' | 'at'>) => string | Promise<string>;

export const NO_ARM: ArmOf = () => '';

/**
 * What one raw event adds. A landing opens its visit (entry source, a view, a landing, and a
 * bounce until the visit moves); a move is a view of the cell moved to and an edge; the visit's
 * first move takes its bounce back, on the landing's own hour, cell and dimensions.
 */
export async function factsOf(event: RawEvent, visits: Visits, armOf: ArmOf): Promise<Fact[]> {
  const visit = await visits.get(event.visitId);
  const dims: Dimensions = { variant: await armOf(event), lang: event.lang ?? '', device: event.device, source: visit?.dims.source ?? '' };
  const base = { siteId: event.siteId, at: event.at, cell: event.cell, visitor: event.sessionId };
  switch (event.kind) {
    case 'landing': {
      const opened: Visit = {
        siteId: event.siteId,
        landingAt: event.at,
        landingCell: event.cell,
        dims: { ...dims, source: entrySource(event) },
        moved: false,
      };
      visits.set(event.visitId, opened);
      return [{ ...base, dims: opened.dims, counts: { views: 1, landings: 1, bounces: 1 } }];
    }
    case 'slide_page': {
      const facts: Fact[] = [{ ...base, dims, edge: { to: event.toCell ?? '', direction: event.direction ?? '' } }];
      if (event.toCell) facts.push({ ...base, cell: event.toCell, dims, counts: { views: 1 } });
      if (visit && !visit.moved) {
        visits.set(event.visitId, { ...visit, moved: true });
        facts.push({ siteId: visit.siteId, at: visit.landingAt, cell: visit.landingCell, dims: visit.dims, visitor: null, counts: { bounces: -1 } });
      }
      return facts;
    }
    case 'exit':
      return [{ ...base, dims, counts: { exits: 1 }, edge: { to: '', direction: event.direction ?? 'leave' } }];
    case 'dwell':
      return [{ ...base, dims, counts: { dwellMs: event.value ?? 0, dwellCount: 1 } }];
    case 'tap':
      return event.tapX === null || event.tapY === null ? [{ ...base, dims }] : [{ ...base, dims, tap: { x: event.tapX, y: event.tapY } }];
    default: {
      const counted = countOfEvent(event.kind);
      // A campaign item's own clicks too: the campaign report shows them by banner and button.
      const campaignItem = event.kind === 'click_campaign' && event.targetId ? { campaignItem: event.targetId } : {};
      return [{ ...base, dims, ...(counted ? { counts: { [counted]: 1 } } : {}), ...campaignItem }];
    }
  }
}
