import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRedis, type TestRedisServer } from '../../../redis/test-redis-server.ts';
import { redisTokenBuckets } from './redis-token-buckets.ts';
import { memoryTokenBuckets } from './token-buckets.ts';

let redis: TestRedisServer;
const stores: Array<{ close(): void }> = [];
beforeAll(async () => {
  redis = await startTestRedis();
});
afterAll(async () => {
  for (const store of stores) store.close();
  await redis?.close();
});

function store(prefix: string) {
  const made = redisTokenBuckets(redis.url, prefix);
  stores.push(made);
  return made;
}

describe('token buckets on Redis', () => {
  it('lets exactly perMinute of many parallel takes through, however they are split over two processes', async () => {
    // Two stores, two connections: what two server processes have.
    const [a, b] = [store('parallel:'), store('parallel:')];
    const waits = await Promise.all(Array.from({ length: 60 }, (_, i) => (i % 2 ? a : b).take('client', 10, 1_000)));
    expect(waits.filter((wait) => wait === 0)).toHaveLength(10);
    expect(waits.filter((wait) => wait > 0)).toHaveLength(50);
  });

  it('refills and answers the same waits as the buckets in memory', async () => {
    const shared = store('same:');
    const memory = memoryTokenBuckets();
    for (const at of [0, 0, 0, 0, 5_000, 19_000, 20_000, 20_000, 80_000, 80_000]) {
      expect(await shared.take('c', 3, at)).toBe(await memory.take('c', 3, at));
    }
  });

  it('counts each key and each prefix apart', async () => {
    const [one, other] = [store('one:'), store('other:')];
    expect(await one.take('x', 1, 0)).toBe(0);
    expect(await one.take('x', 1, 0)).toBeGreaterThan(0);
    expect(await one.take('y', 1, 0)).toBe(0);
    expect(await other.take('x', 1, 0)).toBe(0);
  });
});
