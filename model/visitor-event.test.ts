import { describe, expect, it } from 'vitest';
import { userAgentClass, visitorEventBatchSchema } from './visitor-event.ts';

describe('visitorEventBatchSchema', () => {
  it('accepts a batch of known events', () => {
    expect(visitorEventBatchSchema.safeParse({ events: [{ type: 'slide_page', siteId: 's1', pageId: 'p1', position: 'B2', lang: 'en', sessionId: 'abc' }] }).success).toBe(true);
  });
  it('refuses unknown types, bad positions, empty and oversized batches', () => {
    expect(visitorEventBatchSchema.safeParse({ events: [{ type: 'hover', siteId: 's1' }] }).success).toBe(false);
    expect(visitorEventBatchSchema.safeParse({ events: [{ type: 'slide_page', siteId: 's1', position: 'b2' }] }).success).toBe(false);
    expect(visitorEventBatchSchema.safeParse({ events: [] }).success).toBe(false);
    expect(visitorEventBatchSchema.safeParse({ events: Array.from({ length: 101 }, () => ({ type: 'slide_page', siteId: 's1' })) }).success).toBe(false);
  });
});

describe('userAgentClass', () => {
  it.each([
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148', 'mobile'],
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36', 'mobile'],
    ['Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X)', 'tablet'],
    ['Mozilla/5.0 (Linux; Android 13; SM-X200) AppleWebKit/537.36 Chrome/120 Safari/537.36', 'tablet'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/120 Safari/537.36', 'desktop'],
    ['Googlebot/2.1 (+http://www.google.com/bot.html)', 'bot'],
    [undefined, 'unknown'],
  ])('%s is %s', (ua, expected) => {
    expect(userAgentClass(ua)).toBe(expected);
  });
});
