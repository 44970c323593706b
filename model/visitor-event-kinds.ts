/**
 * The kinds of analytics events and their plain rules, without zod: the viewer imports these,
 * and zod would weigh more than the whole viewer (the schemas are in visitor-event.ts).
 */

/** A move between two cells, by the direction of the swipe (or arrow, or link) that made it. */
export const MOVE_DIRECTIONS = ['left', 'right', 'up', 'down'] as const;
/** How a visitor left: a swipe that tried to go past the grid's edge, or `leave` (closed, hid or navigated away). */
export const EXIT_DIRECTIONS = [...MOVE_DIRECTIONS, 'leave'] as const;
export type MoveDirection = (typeof MOVE_DIRECTIONS)[number];
export type ExitDirection = (typeof EXIT_DIRECTIONS)[number];

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
export type VisitorEventType = (typeof VISITOR_EVENT_TYPES)[number];

/**
 * The events a site may count as a conversion (CV), a site setting: the conversions themselves and
 * any click (a phone call is a conversion to many owners). Default: contact, form and registration.
 */
export const CONVERTIBLE_EVENT_TYPES = [...CONVERSION_EVENT_TYPES, ...CLICK_EVENT_TYPES] as const;
export type ConvertibleEventType = (typeof CONVERTIBLE_EVENT_TYPES)[number];
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

/** A dwell longer than a day is a tab left open, not reading. */
export const DWELL_MAX_MS = 24 * 3600_000;
