import { describe, expect, it } from 'vitest';
import { createVisitTracker, VISIT_IDLE_MS } from './visit-tracker.ts';

describe('visits derived on the server', () => {
  it('keeps one visit while events keep coming, even a whole batch at one moment, and starts a new one after 30 minutes idle', () => {
    const visits = createVisitTracker();
    const start = 1_700_000_000_000;
    const first = visits.visitOf('s', 'v', start);
    for (let n = 0; n < 10; n++) expect(visits.visitOf('s', 'v', start)).toBe(first);
    // Each event moves the idle clock: 20 minutes, then 20 more, is still the same visit.
    expect(visits.visitOf('s', 'v', start + 20 * 60_000)).toBe(first);
    expect(visits.visitOf('s', 'v', start + 40 * 60_000)).toBe(first);
    const second = visits.visitOf('s', 'v', start + 40 * 60_000 + VISIT_IDLE_MS + 1);
    expect(second).not.toBe(first);
    expect(visits.visitOf('s', 'other', start)).not.toBe(first);
  });

  it('past its cap forgets the longest idle visitors at once and keeps the recent ones', () => {
    const visits = createVisitTracker({ maxVisitors: 100 });
    const start = 1_700_000_000_000;
    const ids = Array.from({ length: 101 }, (_, n) => visits.visitOf('s', `v${n}`, start + n * 2000));
    // The 101st visitor pushed the map over the cap: the oldest tenth was forgotten, so v0 starts a new visit...
    expect(visits.visitOf('s', 'v0', start + 202_000)).not.toBe(ids[0]);
    // ...while a recent visitor keeps its visit.
    expect(visits.visitOf('s', 'v100', start + 202_000)).toBe(ids[100]);
  });
});
