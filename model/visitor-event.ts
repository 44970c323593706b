import { z } from 'zod';
import { languageSchema } from './language.ts';
import { snsTypeSchema } from './sns.ts';
import { idSchema } from './validation.ts';

/**
 * The raw analytics events of a swipe site (V §7, issue 13): what the viewer sends, one row each in
 * `visitor_events`. The spec's names are kept for the events it names (`slide_page`, the four
 * `click_*` of page elements and the popup click); the others are ours. Who the visitor is never
 * travels in the body: the server reads it from the site origin's cookies (or, cookieless, from a
 * daily-salted hash) and adds the visit, variant, experiment, device and time received.
 */

/** A move between two cells, by the direction of the swipe (or arrow, or link) that made it. */
export const MOVE_DIRECTIONS = ['left', 'right', 'up', 'down'] as const;
/** How a visitor left: a swipe that tried to go past the grid's edge, or `leave` (closed, hid or navigated away). */
export const EXIT_DIRECTIONS = [...MOVE_DIRECTIONS, 'leave'] as const;
export const moveDirectionSchema = z.enum(MOVE_DIRECTIONS);
export const exitDirectionSchema = z.enum(EXIT_DIRECTIONS);
export type MoveDirection = z.infer<typeof moveDirectionSchema>;
export type ExitDirection = z.infer<typeof exitDirectionSchema>;

/** The click events, in the order reports list them. */
export const CLICK_EVENT_TYPES = ['click_cta_btn', 'click_link_cta', 'click_product_point', 'click_product_item', 'click_popup_cta', 'click_sns', 'click_phone', 'click_campaign'] as const;
export type ClickEventType = (typeof CLICK_EVENT_TYPES)[number];

/** Clicks by the kind of element clicked: event type → the kind reports name it by. */
export const CLICK_EVENT_KINDS = {
  click_cta_btn: 'cta',
  click_link_cta: 'link_area',
  click_product_point: 'product_point',
  click_product_item: 'product_item',
  click_popup_cta: 'popup',
  click_sns: 'sns',
  click_phone: 'phone',
  click_campaign: 'campaign',
} as const satisfies Record<ClickEventType, string>;
export type ClickKind = (typeof CLICK_EVENT_KINDS)[ClickEventType];

/** What a visitor completed: a member registration, a custom-form (homepage) entry, a contact entry. */
export const CONVERSION_EVENT_TYPES = ['registration', 'form_submit', 'contact'] as const;

export const VISITOR_EVENT_TYPES = ['landing', 'slide_page', 'exit', 'dwell', ...CLICK_EVENT_TYPES, ...CONVERSION_EVENT_TYPES, 'tap'] as const;
export const visitorEventTypeSchema = z.enum(VISITOR_EVENT_TYPES);
export type VisitorEventType = z.infer<typeof visitorEventTypeSchema>;

/**
 * The events a site may count as a conversion (CV), a site setting: the conversions themselves and
 * any click (a phone call is a conversion to many owners). Default: contact, form and registration.
 */
export const CONVERTIBLE_EVENT_TYPES = [...CONVERSION_EVENT_TYPES, ...CLICK_EVENT_TYPES] as const;
export const convertibleEventTypeSchema = z.enum(CONVERTIBLE_EVENT_TYPES);
export type ConvertibleEventType = z.infer<typeof convertibleEventTypeSchema>;
export const DEFAULT_CONVERSION_EVENTS: readonly ConvertibleEventType[] = ['contact', 'form_submit', 'registration'];

/**
 * Taps are kept as bins of a fixed grid over the 375 × 739 design frame, not as pixels: the same
 * cell on any screen, a heat map of at most 15 × 30 counts per page, nothing finer than a fingertip.
 */
export const TAP_FRAME = { width: 375, height: 739 } as const;
export const TAP_BIN_PX = 25;
export const TAP_COLUMNS = Math.ceil(TAP_FRAME.width / TAP_BIN_PX);
export const TAP_ROWS = Math.ceil(TAP_FRAME.height / TAP_BIN_PX);

/**
 * The bin of a point given in frame pixels (clamped to the frame).
 * @example tapBin(190, 700) // { x: 7, y: 28 }
 */
export function tapBin(frameX: number, frameY: number): { x: number; y: number } {
  const clamp = (value: number, bins: number) => Math.min(bins - 1, Math.max(0, Math.floor(value / TAP_BIN_PX)));
  return { x: clamp(frameX, TAP_COLUMNS), y: clamp(frameY, TAP_ROWS) };
}

/** A cell of the grid by its position code, as the addresses spell it (upper case). */
export const cellSchema = z.string().regex(/^[A-Z]{1,3}[1-9][0-9]{0,2}$/, 'invalidPosition');
/** A dwell longer than a day is a tab left open, not reading. */
export const DWELL_MAX_MS = 24 * 3600_000;
const shortText = z.string().max(100);

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
    referrerHost: z
      .string()
      .regex(/^[a-z0-9.-]{1,253}$/i, 'invalidHost')
      .optional(),
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
