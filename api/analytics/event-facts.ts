import type { Fact } from './rollup-batch.ts';

/**
 * The one place that knows the raw event's shape (`visitor_events`): what each event adds to
 * the rollups. Everything else of the module reads facts.
 */

/** The columns the rollups read, in the shape of `RawEvent`. */
export const EVENT_COLUMNS = 'id, site_id AS siteId, event_type AS type, position, lang, session_id AS sessionId, variation_id AS variant, user_agent_class AS device, referrer, occurred_at AS at';

export type RawEvent = {
  id: number;
  siteId: string;
  type: string;
  position: string | null;
  lang: string | null;
  sessionId: string | null;
  variant: string | null;
  device: string;
  referrer: string | null;
  at: number;
};

const CLICKS: Readonly<Record<string, Fact['counts']>> = {
  click_cta_btn: { ctaClicks: 1 },
  click_link_cta: { linkClicks: 1 },
  click_product_item: { productItemClicks: 1 },
  click_product_point: { productPointClicks: 1 },
  click_popup_cta: { popupClicks: 1 },
};

/** What one raw event adds. */
export function factsOf(event: RawEvent): Fact[] {
  if (!event.position || event.device === 'bot') return [];
  const base = {
    siteId: event.siteId,
    at: event.at,
    cell: event.position,
    dims: { variant: event.variant ?? '', lang: event.lang ?? '', device: event.device, source: '' },
    visitor: event.sessionId,
  };
  if (event.type === 'slide_page') return [{ ...base, counts: { views: 1 } }];
  const clicks = CLICKS[event.type];
  return clicks ? [{ ...base, counts: clicks }] : [];
}
