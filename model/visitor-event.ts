import { z } from 'zod';
import { languageSchema } from './language.ts';
import { idSchema } from './validation.ts';

/** V §7, B §7: what the viewer reports; `click_popup_cta` is the spec's popup click event (site, page, popup ids). */
export const VISITOR_EVENT_TYPES = ['slide_page', 'click_cta_btn', 'click_link_cta', 'click_product_item', 'click_product_point', 'click_popup_cta'] as const;
export const visitorEventTypeSchema = z.enum(VISITOR_EVENT_TYPES);

const POSITION = /^[A-Z]{1,3}[1-9][0-9]{0,2}$/;
/** The viewer's session and variation ids come from cookies; any short opaque token. */
const opaqueId = z.string().regex(/^[A-Za-z0-9_.:-]{1,64}$/, 'invalidId');

/** One event as the viewer sends it; the server adds the user agent class and the time received. */
export const visitorEventSchema = z.object({
  type: visitorEventTypeSchema,
  siteId: idSchema,
  pageId: idSchema.optional(),
  position: z.string().regex(POSITION, 'invalidPosition').optional(),
  lang: languageSchema.optional(),
  sessionId: opaqueId.optional(),
  variationId: opaqueId.optional(),
  /** The button, link area, product or popup clicked. */
  targetId: idSchema.optional(),
  referrer: z.string().max(1024).optional(),
  /** When it happened, ms since the epoch; the server's clock when missing or implausible. */
  at: z.number().int().nonnegative().optional(),
});

/** At most 100 events a request: a beacon's body stays well under browsers' 64 KiB limit. */
export const VISITOR_EVENT_BATCH_MAX = 100;

export const visitorEventBatchSchema = z.object({ events: z.array(visitorEventSchema).min(1).max(VISITOR_EVENT_BATCH_MAX) });

export type VisitorEventType = z.infer<typeof visitorEventTypeSchema>;

export const USER_AGENT_CLASSES = ['bot', 'mobile', 'tablet', 'desktop', 'unknown'] as const;
export type UserAgentClass = (typeof USER_AGENT_CLASSES)[number];

/**
 * A coarse class of the browser, the only part of the user agent analytics keeps.
 * @example userAgentClass('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) …') // 'mobile'
 */
export function userAgentClass(userAgent: string | undefined): UserAgentClass {
  if (!userAgent) return 'unknown';
  if (/bot|crawl|spider|slurp|headless|lighthouse/i.test(userAgent)) return 'bot';
  if (/ipad|tablet|playbook|silk|(android(?!.*mobile))/i.test(userAgent)) return 'tablet';
  if (/mobi|iphone|ipod|android|windows phone/i.test(userAgent)) return 'mobile';
  return 'desktop';
}
