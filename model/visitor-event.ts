import { z } from 'zod';
import { languageSchema } from './language.ts';
import { snsTypeSchema } from './sns.ts';
import { idSchema } from './validation.ts';
import { CONVERTIBLE_EVENT_TYPES, DWELL_MAX_MS, EXIT_DIRECTIONS, MOVE_DIRECTIONS, TAP_COLUMNS, TAP_ROWS, type ClickEventType } from './visitor-event-kinds.ts';

/**
 * The raw analytics events of a swipe site (V §7, issue 13): what the viewer sends, one row each in
 * `visitor_events`. The spec's names are kept for the events it names (`slide_page`, the four
 * `click_*` of page elements and the popup click); the others are ours. Who the visitor is never
 * travels in the body: the server reads it from the site origin's cookies (or, cookieless, from a
 * daily-salted hash) and adds the visit, variant, experiment, device and time received.
 */

// The kinds are the viewer's too, so they live without zod (model/visitor-event-kinds.ts: directions, click kinds, conversions, the tap grid).
export {
  CLICK_EVENT_KINDS,
  CLICK_EVENT_TYPES,
  type ClickEventType,
  CONVERTIBLE_EVENT_TYPES,
  TAP_COLUMNS,
  TAP_FRAME,
  TAP_ROWS,
  tapBin,
  VISITOR_EVENT_TYPES,
} from './visitor-event-kinds.ts';

export const moveDirectionSchema = z.enum(MOVE_DIRECTIONS);
export const exitDirectionSchema = z.enum(EXIT_DIRECTIONS);
export const convertibleEventTypeSchema = z.enum(CONVERTIBLE_EVENT_TYPES);

/** A cell of the grid by its position code, as the addresses spell it (upper case). */
export const CELL_PATTERN = /^[A-Z]{1,3}[1-9][0-9]{0,2}$/;
export const cellSchema = z.string().regex(CELL_PATTERN, 'invalidPosition');
/** The longest UTM value kept. */
export const EVENT_TEXT_MAX = 100;
const shortText = z.string().max(EVENT_TEXT_MAX);
/** A referring page's host, as the viewer sends it. */
export const REFERRER_HOST_PATTERN = /^[a-z0-9.-]{1,253}$/i;

/** What every event may carry: when (ms since the epoch; the server's clock when missing or implausible) and the page of its cell. */
const base = { at: z.number().int().nonnegative().optional(), pageId: idSchema.optional() };
/** An event that happened on a cell. */
const onCell = { ...base, cell: cellSchema };

const clickEvent = <T extends ClickEventType>(type: T) => z.object({ type: z.literal(type), ...onCell, targetId: idSchema.optional() });

/** One event as the viewer sends it, by type. */
export const visitorEventSchema = z.discriminatedUnion('type', [
  /** The first page a visitor sees on arriving: the entry cell and where they came from. */
  z.object({
    type: z.literal('landing'),
    ...onCell,
    /** The referring page's host only (never its path or query). */
    referrerHost: z.string().regex(REFERRER_HOST_PATTERN, 'invalidHost').optional(),
    utmSource: shortText.optional(),
    utmMedium: shortText.optional(),
    utmCampaign: shortText.optional(),
  }),
  /** A move: `cell` is where from, `to` where to; `pageId` is the destination's page. */
  z.object({ type: z.literal('slide_page'), ...base, cell: cellSchema, to: cellSchema, direction: moveDirectionSchema }),
  /** The last cell seen and how the visitor left it. */
  z.object({ type: z.literal('exit'), ...onCell, direction: exitDirectionSchema }),
  /** Time spent on one cell, each time the visitor leaves it. */
  z.object({ type: z.literal('dwell'), ...onCell, ms: z.number().int().nonnegative().max(DWELL_MAX_MS) }),
  clickEvent('click_cta_btn'),
  clickEvent('click_link_cta'),
  clickEvent('click_product_point'),
  clickEvent('click_product_item'),
  clickEvent('click_popup_cta'),
  clickEvent('click_campaign'),
  clickEvent('click_phone'),
  z.object({ type: z.literal('click_sns'), ...onCell, snsType: snsTypeSchema }),
  z.object({ type: z.literal('registration'), ...onCell }),
  z.object({ type: z.literal('form_submit'), ...onCell }),
  z.object({ type: z.literal('contact'), ...onCell }),
  /** A tap on the page, binned (tapBin). */
  z.object({
    type: z.literal('tap'),
    ...onCell,
    x: z
      .number()
      .int()
      .min(0)
      .max(TAP_COLUMNS - 1),
    y: z
      .number()
      .int()
      .min(0)
      .max(TAP_ROWS - 1),
  }),
]);
export type VisitorEvent = z.infer<typeof visitorEventSchema>;

/** At most 100 events a request: a beacon's body stays well under browsers' 64 KiB limit. */
export const VISITOR_EVENT_BATCH_MAX = 100;

/** A beacon: one site, one language, the events in the order they happened. */
export const visitorEventBatchSchema = z.object({
  siteId: idSchema,
  lang: languageSchema.optional(),
  events: z.array(visitorEventSchema).min(1).max(VISITOR_EVENT_BATCH_MAX),
});
export type VisitorEventBatch = z.infer<typeof visitorEventBatchSchema>;

export const DEVICE_CLASSES = ['mobile', 'tablet', 'desktop', 'unknown'] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number];

/**
 * A coarse class of the browser, the only part of the user agent analytics keeps (bots are
 * dropped before this, with isbot).
 * @example deviceClass('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) …') // 'mobile'
 */
export function deviceClass(userAgent: string | undefined): DeviceClass {
  if (!userAgent) return 'unknown';
  if (/ipad|tablet|playbook|silk|(android(?!.*mobile))/i.test(userAgent)) return 'tablet';
  if (/mobi|iphone|ipod|android|windows phone/i.test(userAgent)) return 'mobile';
  return 'desktop';
}
