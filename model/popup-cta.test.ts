import { describe, expect, it } from 'vitest';
import { popupCtaItemSchema, popupCtasSchema } from './site.ts';
import { activePopupCtas, applicantRemaining, countdown, isPopupCtaActive } from './popup-cta.ts';

const now = new Date('2025-06-01T12:00:00Z');
const item = (input: Record<string, unknown> = {}) => popupCtaItemSchema.parse({ id: 'p1', startDate: '2025-06-01T00:00:00Z', endDate: '2025-06-02T00:00:00Z', effectivePages: [1, 3], ...input });
const place = { pageOrder: 1, hasDetail: true };

describe('isPopupCtaActive (V §4)', () => {
  it('is active inside its window on an effective page with detail', () => {
    expect(isPopupCtaActive(item(), 'timeLimit', place, now)).toBe(true);
  });

  it('is inactive before its start, after its end, on other pages', () => {
    expect(isPopupCtaActive(item({ startDate: '2025-06-01T13:00:00Z' }), 'timeLimit', place, now)).toBe(false);
    expect(isPopupCtaActive(item({ startDate: '2025-05-01T00:00:00Z', endDate: '2025-06-01T11:59:59Z' }), 'timeLimit', place, now)).toBe(false);
    expect(isPopupCtaActive(item(), 'timeLimit', { ...place, pageOrder: 2 }, now)).toBe(false);
  });

  it('needs the page to have detail unless the view is view-only', () => {
    expect(isPopupCtaActive(item(), 'timeLimit', { pageOrder: 1, hasDetail: false }, now)).toBe(false);
    expect(isPopupCtaActive(item(), 'timeLimit', { pageOrder: 1, hasDetail: false, viewOnly: true }, now)).toBe(true);
  });

  it('hides an applicant popup once its limit is reached', () => {
    expect(isPopupCtaActive(item({ limit: 10, numberClicks: 9 }), 'applicantLimit', place, now)).toBe(true);
    expect(isPopupCtaActive(item({ limit: 10 }), 'applicantLimit', place, now, 10)).toBe(false);
  });
});

describe('applicantRemaining', () => {
  it('is the limit minus the clicks, never negative, 0 without a limit', () => {
    expect(applicantRemaining({ limit: 10, numberClicks: 3 })).toBe(7);
    expect(applicantRemaining({ limit: 10, numberClicks: 3 }, 12)).toBe(0);
    expect(applicantRemaining({ limit: null, numberClicks: 0 })).toBe(0);
  });
});

describe('activePopupCtas', () => {
  const popups = popupCtasSchema.parse({ timeLimit: item(), applicantLimit: item({ id: 'p2', limit: 5 }) });
  it('lists both kinds when both apply', () => {
    expect(activePopupCtas(popups, place, now, true)).toEqual(['timeLimit', 'applicantLimit']);
  });
  it('hides every popup when the plan does not allow them (V §6)', () => {
    expect(activePopupCtas(popups, place, now, false)).toEqual([]);
  });
});

describe('countdown (V §4)', () => {
  const at = (iso: string) => Date.parse(iso);
  it('shows minutes under 60 minutes, ticking by the minute', () => {
    expect(countdown(at('2025-06-01T12:59:30Z'), now)).toEqual({ unit: 'minutes', value: 60, tickMs: 60_000, done: false });
    expect(countdown(at('2025-06-01T12:00:01Z'), now)).toMatchObject({ unit: 'minutes', value: 1 });
  });
  it('shows hours from 60 minutes to under 72 hours, days from 72 hours', () => {
    expect(countdown(at('2025-06-01T13:00:00Z'), now)).toEqual({ unit: 'hours', value: 1, tickMs: 3_600_000, done: false });
    expect(countdown(at('2025-06-04T11:59:59Z'), now)).toMatchObject({ unit: 'hours', value: 72 });
    expect(countdown(at('2025-06-04T12:00:00Z'), now)).toMatchObject({ unit: 'days', value: 3 });
  });
  it('is done at zero', () => {
    expect(countdown(at('2025-06-01T12:00:00Z'), now)).toMatchObject({ done: true, value: 0 });
  });
});
