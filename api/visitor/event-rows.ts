import type { VisitorEvent, VisitorEventBatch } from '../../model/visitor-event.ts';
import type { EventRow } from './event-queue.ts';

/** What the server adds to every event of a batch: who sent it (resolved from cookies or the cookieless hash) and when. */
export type EventContext = {
  sessionId: string;
  variationId: string | null;
  experimentId: string | null;
  device: string;
  receivedAt: number;
  /** The visit of an event by its time (visit-tracker.ts). */
  visitOf: (occurredAt: number) => string;
};

/** A client clock this far off is not believed; the server's time is stored instead. */
export const CLOCK_SKEW_MS = 24 * 3600_000;

/**
 * Fills the columns only one type of event has (the row starts with them all null). Every row
 * is built with the same columns in the same order: one shape for V8, where spreading each
 * type's own object into the row made the rows of a batch differ and cost a tenth of an event
 * call (bench/visitor.bench.ts).
 */
function fillOwnColumns(row: EventRow, event: VisitorEvent): void {
  switch (event.type) {
    case 'landing':
      row.referrerHost = event.referrerHost?.toLowerCase() ?? null;
      row.utmSource = event.utmSource ?? null;
      row.utmMedium = event.utmMedium ?? null;
      row.utmCampaign = event.utmCampaign ?? null;
      return;
    case 'slide_page':
      row.toCell = event.to;
      row.direction = event.direction;
      return;
    case 'exit':
      row.direction = event.direction;
      return;
    case 'dwell':
      row.value = event.ms;
      return;
    case 'click_sns':
      row.snsType = event.snsType;
      return;
    case 'tap':
      row.tapX = event.x;
      row.tapY = event.y;
      return;
    case 'registration':
    case 'form_submit':
    case 'contact':
      return;
    default:
      row.targetId = event.targetId ?? null;
  }
}

/** A batch as rows of visitor_events, in the order sent. */
export function eventRows(batch: VisitorEventBatch, context: EventContext): EventRow[] {
  const { receivedAt } = context;
  // Read only (bindEventRows takes its time): one Date serves every row that happened when it was received.
  const received = new Date(receivedAt);
  const lang = batch.lang ?? null;
  return batch.events.map((event) => {
    const occurredAt = event.at !== undefined && Math.abs(event.at - receivedAt) <= CLOCK_SKEW_MS ? event.at : receivedAt;
    const row: EventRow = {
      siteId: batch.siteId,
      kind: event.type,
      cell: event.cell,
      toCell: null,
      pageId: event.pageId ?? null,
      direction: null,
      value: null,
      tapX: null,
      tapY: null,
      targetId: null,
      snsType: null,
      referrerHost: null,
      utmSource: null,
      utmMedium: null,
      utmCampaign: null,
      sessionId: context.sessionId,
      visitId: context.visitOf(occurredAt),
      variationId: context.variationId,
      experimentId: context.experimentId,
      lang,
      device: context.device,
      occurredAt: occurredAt === receivedAt ? received : new Date(occurredAt),
      receivedAt: received,
    };
    fillOwnColumns(row, event);
    return row;
  });
}
