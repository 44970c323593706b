import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRedis, type TestRedisServer } from '../../../redis/test-redis-server.ts';
import { redisTokenBuckets } from './redis-token-buckets.ts';
import { memoryTokenBuckets } from './token-buckets.ts';

let redis: TestRedisServer;
const stores: Array<{ close(): Promise<void> }> = [];
beforeAll(async () => {
  redis = await startTestRedis();
});
afterAll(async () => {
  for (const store of stores) await store.close();
  await redis?.close();
});

function store(prefix: string, server = redis) {
  const made = redisTokenBuckets(server.url, prefix);
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

  it("counts in each process's memory while Redis is down, and shares the counts on Redis again once it is back", { timeout: 60_000 }, async () => {
    const restarting = await startTestRedis();
    const looking = new Redis(restarting.url, { lazyConnect: true, maxRetriesPerRequest: null });
    try {
      const [a, b] = [store('restart:', restarting), store('restart:', restarting)];
      expect(await a.take('before', 5, 0)).toBe(0);

      await restarting.kill();
      // Answered at once from memory, the limit still holding within the process.
      const down = [await a.take('down', 2, 0), await a.take('down', 2, 0), await a.take('down', 2, 0)];
      expect(down[0]).toBe(0);
      expect(down[1]).toBe(0);
      expect(down[2]).toBeGreaterThan(0);

      await restarting.start();
      // Each store is back on Redis once a take of its own leaves its bucket there.
      for (const [name, buckets] of [['a', a] as const, ['b', b] as const]) {
        for (let attempt = 0; ; attempt++) {
          await buckets.take(`probe-${name}`, 100, 0);
          if ((await looking.exists(`restart:probe-${name}`)) === 1) break;
          if (attempt > 200) throw new Error(`store ${name} did not go back to Redis`);
          await sleep(50);
        }
      }
      const waits = await Promise.all(Array.from({ length: 30 }, (_, i) => (i % 2 ? a : b).take('after', 5, 1_000)));
      // On Redis 5 in all; each process in its own memory would let 5 through: 10.
      expect(waits.filter((wait) => wait === 0)).toHaveLength(5);
    } finally {
      looking.disconnect();
      await restarting.close();
    }
  });
});
