import { describe, expect, it } from 'vitest';
import { CLICK_EVENT_KINDS, CLICK_EVENT_TYPES, CONVERTIBLE_EVENT_TYPES, deviceClass, TAP_COLUMNS, TAP_ROWS, tapBin, VISITOR_EVENT_TYPES, visitorEventBatchSchema } from './visitor-event.ts';

const batch = (...events: unknown[]) => visitorEventBatchSchema.safeParse({ siteId: 's1', lang: 'en', events });
const issuePaths = (...events: unknown[]) => {
  const result = batch(...events);
  return result.success ? [] : result.error.issues.map((issue) => issue.path.join('.'));
};

describe('visitorEventBatchSchema', () => {
  it('accepts one event of every type with the fields that type carries', () => {
    const events = [
      { type: 'landing', cell: 'A1', pageId: 'p1', referrerHost: 'www.google.com', utmSource: 'newsletter', utmMedium: 'email', utmCampaign: 'spring', at: 1 },
      { type: 'slide_page', cell: 'A1', to: 'A2', direction: 'down', pageId: 'p2' },
      { type: 'dwell', cell: 'A1', ms: 4200 },
      { type: 'exit', cell: 'A2', direction: 'up' },
      { type: 'exit', cell: 'A2', direction: 'leave' },
      ...CLICK_EVENT_TYPES.filter((type) => type !== 'click_sns').map((type) => ({ type, cell: 'B3', targetId: 'x1' })),
      { type: 'click_sns', cell: 'B3', snsType: 'instagram' },
      { type: 'registration', cell: 'A1' },
      { type: 'form_submit', cell: 'A1' },
      { type: 'contact', cell: 'A1' },
      { type: 'tap', cell: 'A1', x: 0, y: TAP_ROWS - 1 },
    ];
    const result = batch(...events);
    expect(result.success).toBe(true);
    expect(new Set(result.data?.events.map((event) => event.type))).toEqual(new Set(VISITOR_EVENT_TYPES));
  });

  it('refuses what a type does not allow: a move without its destination, a diagonal, an exit nowhere, a tap off the grid, an unknown network', () => {
    expect(issuePaths({ type: 'slide_page', cell: 'A1', direction: 'down' })).toEqual(['events.0.to']);
    expect(issuePaths({ type: 'slide_page', cell: 'A1', to: 'B2', direction: 'leave' })).toEqual(['events.0.direction']);
    expect(issuePaths({ type: 'exit', cell: 'A1', direction: 'back' })).toEqual(['events.0.direction']);
    expect(issuePaths({ type: 'tap', cell: 'A1', x: TAP_COLUMNS, y: 0 })).toEqual(['events.0.x']);
    expect(issuePaths({ type: 'tap', cell: 'A1', x: 1.5, y: 0 })).toEqual(['events.0.x']);
    expect(issuePaths({ type: 'click_sns', cell: 'A1', snsType: 'myspace' })).toEqual(['events.0.snsType']);
    expect(issuePaths({ type: 'dwell', cell: 'A1', ms: -1 })).toEqual(['events.0.ms']);
    expect(issuePaths({ type: 'landing', cell: 'A1', referrerHost: 'https://example.com/path' })).toEqual(['events.0.referrerHost']);
  });

  it('refuses unknown types, cells not written as addresses write them, a missing site, empty and oversized batches', () => {
    expect(issuePaths({ type: 'hover', cell: 'A1' })).toEqual(['events.0.type']);
    expect(issuePaths({ type: 'dwell', cell: 'b2', ms: 1 })).toEqual(['events.0.cell']);
    expect(issuePaths({ type: 'registration' })).toEqual(['events.0.cell']);
    expect(visitorEventBatchSchema.safeParse({ events: [{ type: 'contact', cell: 'A1' }] }).success).toBe(false);
    expect(batch().success).toBe(false);
    expect(batch(...Array.from({ length: 101 }, () => ({ type: 'contact', cell: 'A1' }))).success).toBe(false);
  });
});

describe('event kinds', () => {
  it('names every click event by a kind of its own, and lets a site count any click or conversion as CV', () => {
    expect(new Set(Object.values(CLICK_EVENT_KINDS)).size).toBe(CLICK_EVENT_TYPES.length);
    expect(CONVERTIBLE_EVENT_TYPES).toEqual(expect.arrayContaining(['contact', 'form_submit', 'registration', 'click_phone']));
    expect(CONVERTIBLE_EVENT_TYPES).not.toContain('tap');
  });
});

describe('tapBin', () => {
  it('bins a point of the 375 × 739 frame on the 25 px grid, clamping points outside it', () => {
    expect(TAP_COLUMNS).toBe(15);
    expect(TAP_ROWS).toBe(30);
    expect(tapBin(0, 0)).toEqual({ x: 0, y: 0 });
    expect(tapBin(24.9, 25)).toEqual({ x: 0, y: 1 });
    expect(tapBin(374, 738)).toEqual({ x: 14, y: 29 });
    expect(tapBin(-5, 900)).toEqual({ x: 0, y: 29 });
  });
});

describe('deviceClass', () => {
  it.each([
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148', 'mobile'],
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36', 'mobile'],
    ['Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X)', 'tablet'],
    ['Mozilla/5.0 (Linux; Android 13; SM-X200) AppleWebKit/537.36 Chrome/120 Safari/537.36', 'tablet'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/120 Safari/537.36', 'desktop'],
    [undefined, 'unknown'],
  ])('%s is %s', (ua, expected) => {
    expect(deviceClass(ua)).toBe(expected);
  });
});
