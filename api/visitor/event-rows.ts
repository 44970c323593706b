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

/** The columns only one type of event fills. */
function ownColumns(event: VisitorEvent): Partial<EventRow> {
  switch (event.type) {
    case 'landing':
      return { referrerHost: event.referrerHost?.toLowerCase(), utmSource: event.utmSource, utmMedium: event.utmMedium, utmCampaign: event.utmCampaign };
    case 'slide_page':
      return { toCell: event.to, direction: event.direction };
    case 'exit':
      return { direction: event.direction };
    case 'dwell':
      return { value: event.ms };
    case 'click_sns':
      return { snsType: event.snsType };
    case 'tap':
      return { tapX: event.x, tapY: event.y };
    case 'registration':
    case 'form_submit':
    case 'contact':
      return {};
    default:
      return { targetId: event.targetId };
  }
}

/** A batch as rows of visitor_events, in the order sent. */
export function eventRows(batch: VisitorEventBatch, context: EventContext): EventRow[] {
  const { receivedAt } = context;
  return batch.events.map((event) => {
    const occurredAt = event.at !== undefined && Math.abs(event.at - receivedAt) <= CLOCK_SKEW_MS ? event.at : receivedAt;
    return {
      siteId: batch.siteId,
      kind: event.type,
      cell: event.cell,
      pageId: event.pageId,
      ...ownColumns(event),
      sessionId: context.sessionId,
      visitId: context.visitOf(occurredAt),
      variationId: context.variationId,
      experimentId: context.experimentId,
      lang: batch.lang,
      device: context.device,
      occurredAt: new Date(occurredAt),
      receivedAt: new Date(receivedAt),
    };
  });
}
