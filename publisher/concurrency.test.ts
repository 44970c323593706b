import { describe, expect, it } from 'vitest';
import { forEachLimit } from './concurrency.ts';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('forEachLimit', () => {
  it('runs every item with never more than the limit in flight', async () => {
    let inFlight = 0;
    let most = 0;
    const seen: number[] = [];
    await forEachLimit([1, 2, 3, 4, 5, 6, 7], 3, async (item) => {
      inFlight++;
      most = Math.max(most, inFlight);
      await tick();
      seen.push(item);
      inFlight--;
    });
    expect(seen.sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(most).toBe(3);
  });

  it('stops starting work after a failure and rejects with it once the rest has settled', async () => {
    const started: number[] = [];
    let settled = 0;
    const run = forEachLimit([1, 2, 3, 4, 5, 6], 2, async (item) => {
      started.push(item);
      await tick();
      settled++;
      if (item === 2) throw new Error('disk full');
    });
    await expect(run).rejects.toThrow('disk full');
    expect(settled).toBe(started.length);
    expect(started.length).toBeLessThan(6);
  });

  it('refuses a limit that is not a positive whole number', async () => {
    await expect(forEachLimit([1], 0, async () => {})).rejects.toThrow('limit');
  });
});
