import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { isPlainEventBatch } from './visitor-event-check.ts';
import { visitorEventBatchSchema } from './visitor-event.ts';

/** One event of each type, with every optional field, and each again without them. */
const FULL: Record<string, unknown>[] = [
  { type: 'landing', cell: 'A1', pageId: 'p1', at: 1_700_000_000_000, referrerHost: 'www.Example.com', utmSource: 's', utmMedium: 'm', utmCampaign: 'c' },
  { type: 'slide_page', cell: 'A1', to: 'B12', direction: 'down', pageId: 'p2', at: 0 },
  { type: 'exit', cell: 'ZZZ999', direction: 'leave' },
  { type: 'dwell', cell: 'A2', ms: 24 * 3600_000 },
  ...['click_cta_btn', 'click_link_cta', 'click_product_point', 'click_product_item', 'click_popup_cta', 'click_campaign', 'click_phone'].map((type) => ({ type, cell: 'A2', targetId: 'b-1_x' })),
  { type: 'click_sns', cell: 'A2', snsType: 'google_map' },
  { type: 'registration', cell: 'A3' },
  { type: 'form_submit', cell: 'A3', pageId: 'p3' },
  { type: 'contact', cell: 'A3' },
  { type: 'tap', cell: 'C4', x: 14, y: 29 },
];
const OPTIONAL = new Set(['at', 'pageId', 'referrerHost', 'utmSource', 'utmMedium', 'utmCampaign', 'targetId']);
const BARE = FULL.map((event) => Object.fromEntries(Object.entries(event).filter(([key]) => !OPTIONAL.has(key))));

/** Values that break some field: wrong types, limits on either side, near misses of the patterns. */
const ODD: unknown[] = [
  null,
  '',
  'x'.repeat(100),
  'x'.repeat(101),
  'a'.repeat(64),
  'a'.repeat(65),
  'a b',
  -1,
  0,
  1.5,
  14,
  15,
  29,
  30,
  2 ** 53,
  Number.MAX_SAFE_INTEGER,
  24 * 3600_000 + 1,
  'A0',
  'a1',
  'AAAA1',
  'A1000',
  'A999',
  'up',
  'leave',
  'line',
  'jp',
  'JP',
  'landing',
  'toString',
  '__proto__',
  true,
  {},
  [],
  ['A1'],
];

const batchOf = (events: unknown[], extra: Record<string, unknown> = {}) => ({ siteId: 'site-1', lang: 'en', events, ...extra });

/** Every event with each of its fields replaced by each odd value, removed, or joined by an unknown field. */
function brokenEvents(): unknown[] {
  const broken: unknown[] = [];
  for (const event of FULL) {
    for (const key of [...Object.keys(event), 'x', 'to', 'ms', 'snsType', 'targetId', 'direction']) {
      for (const value of ODD) broken.push({ ...event, [key]: value });
      const { [key]: _, ...without } = event;
      broken.push(without);
    }
  }
  broken.push(JSON.parse('{"type":"tap","cell":"A1","x":1,"y":1,"__proto__":{"x":1}}'), null, 'tap', [], 42);
  return broken;
}

/** The one rule: the quick check says yes exactly when the schema accepts the value and answers an equal one. */
function expectAgreement(value: unknown) {
  const parsed = visitorEventBatchSchema.safeParse(value);
  const schemaTakesAsIs = parsed.success && isDeepStrictEqual(parsed.data, value);
  if (isPlainEventBatch(value) !== schemaTakesAsIs) throw new Error(`the quick check and the schema disagree on ${JSON.stringify(value)}`);
}

describe('isPlainEventBatch', () => {
  it('takes every valid event type, with and without its optional fields', () => {
    for (const event of [...FULL, ...BARE]) {
      expect(isPlainEventBatch(batchOf([event]))).toBe(true);
      expectAgreement(batchOf([event]));
    }
    expect(isPlainEventBatch(batchOf(FULL))).toBe(true);
    expect(isPlainEventBatch({ siteId: 'site-1', events: BARE })).toBe(true);
  });

  it('agrees with the schema on each event broken field by field', () => {
    const broken = brokenEvents();
    expect(broken.length).toBeGreaterThan(1000);
    for (const event of broken) expectAgreement(batchOf([event]));
  });

  it('agrees with the schema on the batch itself: its ids, language, count of events and unknown fields', () => {
    const event = FULL[0]!;
    for (const value of ODD) {
      expectAgreement(batchOf([event], { siteId: value }));
      expectAgreement(batchOf([event], { lang: value }));
      expectAgreement(batchOf([event], { extra: value }));
      expectAgreement(batchOf([event], { events: value }));
    }
    for (const count of [0, 1, 99, 100, 101]) expectAgreement(batchOf(Array.from({ length: count }, () => event)));
    expectAgreement({ siteId: 'site-1', events: [event] });
    expectAgreement({ lang: 'en', events: [event] });
    for (const value of [null, [], 'batch', 1, JSON.parse('{"__proto__":{"siteId":"site-1"},"events":[]}')]) expectAgreement(value);
  });

  it('agrees with the schema on random batches mixing valid and odd values', () => {
    // A fixed seed: a failure is the same failure on the next run.
    let seed = 13;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const pick = <T>(values: readonly T[]) => values[Math.floor(random() * values.length)]!;
    const fields = [...new Set(FULL.flatMap((event) => Object.keys(event)))];
    let accepted = 0;
    for (let i = 0; i < 3000; i++) {
      const events = Array.from({ length: 1 + Math.floor(random() * 3) }, () => {
        const event: Record<string, unknown> = { ...pick(random() < 0.5 ? FULL : BARE) };
        if (random() < 0.5) event[pick(fields)] = random() < 0.5 ? pick(ODD) : pick(FULL)[pick(fields)];
        return event;
      });
      const batch = batchOf(events);
      expectAgreement(batch);
      if (isPlainEventBatch(batch)) accepted++;
    }
    // Both sides of the rule were exercised.
    expect(accepted).toBeGreaterThan(300);
    expect(accepted).toBeLessThan(2700);
  });
});
