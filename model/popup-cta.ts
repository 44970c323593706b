import { COUNTDOWN_HOURS_BELOW, COUNTDOWN_MINUTES_BELOW } from './constants.ts';
import { isWithinWindow } from './date-window.ts';
import type { PopupCtaItem, PopupCtas } from './site.ts';

/** The two popup kinds of V §4, as the API and viewer name them. */
export const POPUP_KINDS = ['timeLimit', 'applicantLimit'] as const;
export type PopupKind = (typeof POPUP_KINDS)[number];

/** Where a popup is being considered: the page's order (its row), whether it has detail, view-only mode. */
export type PopupPlace = { pageOrder: number; hasDetail: boolean; viewOnly?: boolean };

/**
 * Whether a popup call to action applies (V §4): now inside its start/end range, the page's
 * order among its effective pages, and the page has detail or the view is view-only. An
 * applicant popup also needs room left under its limit; `clicks` is its applicants so far.
 * @example isPopupCtaActive(item, 'timeLimit', { pageOrder: 2, hasDetail: true }, new Date())
 */
export function isPopupCtaActive(item: PopupCtaItem, kind: PopupKind, place: PopupPlace, now: Date, clicks = item.numberClicks): boolean {
  if (!isWithinWindow(item.startDate, item.endDate, now)) return false;
  if (!item.effectivePages.includes(place.pageOrder)) return false;
  if (!place.hasDetail && !place.viewOnly) return false;
  if (kind === 'applicantLimit') return applicantRemaining(item, clicks) > 0;
  return true;
}

/**
 * V §4: applicants still accepted, limit minus numberClicks, never below 0. A popup without a
 * limit accepts none: the applicant kind is defined by its limit.
 * @example applicantRemaining({ limit: 10, numberClicks: 3 }) // 7
 */
export function applicantRemaining(item: Pick<PopupCtaItem, 'limit' | 'numberClicks'>, clicks = item.numberClicks): number {
  return item.limit === null ? 0 : Math.max(0, item.limit - clicks);
}

/** The popups shown on a page: none at all when the plan does not allow popup calls to action (V §6). */
export function activePopupCtas(popups: PopupCtas, place: PopupPlace, now: Date, allowed: boolean, clicks?: number): PopupKind[] {
  if (!allowed) return [];
  return POPUP_KINDS.filter((kind) => {
    const item = popups[kind];
    return item !== undefined && isPopupCtaActive(item, kind, place, now, kind === 'applicantLimit' ? (clicks ?? item.numberClicks) : undefined);
  });
}

export type CountdownUnit = 'minutes' | 'hours' | 'days';
export type Countdown = { unit: CountdownUnit; value: number; tickMs: number; done: boolean };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * How a countdown to `end` reads (V §4, B §4): minutes under 60 minutes, hours under 72 hours,
 * days otherwise, rounded up so it reaches 0 only at the end; it ticks by the minute while
 * showing minutes and by the hour otherwise. `done` is when the timeout callback fires.
 * @example countdown(Date.parse('2025-01-01T01:00:00Z'), new Date('2025-01-01T00:30:00Z')) // { unit: 'minutes', value: 30, … }
 */
export function countdown(end: number, now: Date): Countdown {
  const left = end - now.getTime();
  if (left <= 0) return { unit: 'minutes', value: 0, tickMs: MINUTE, done: true };
  if (left < COUNTDOWN_MINUTES_BELOW * MINUTE) return { unit: 'minutes', value: Math.ceil(left / MINUTE), tickMs: MINUTE, done: false };
  if (left < COUNTDOWN_HOURS_BELOW * HOUR) return { unit: 'hours', value: Math.ceil(left / HOUR), tickMs: HOUR, done: false };
  return { unit: 'days', value: Math.ceil(left / DAY), tickMs: HOUR, done: false };
}
