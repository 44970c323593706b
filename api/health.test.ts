import { Hono } from 'hono';
import type { Redis } from 'ioredis';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closeDatabase, type Db, onPostgres, openDatabase } from './db/open-database.ts';
import { withClient } from './db/pg/test-database.ts';
import { healthRoutes } from './health.ts';
import type { AppEnv } from './http/env.ts';
import { handleError } from './http/errors.ts';
import { closeRedis, openRedis } from './redis/redis-connection.ts';
import { startTestRedis, type TestRedisServer } from './redis/test-redis-server.ts';
import { createTestContext, type TestContext } from './test-support.ts';

/**
 * `GET /api/health` reports the database and Redis as a monitor or a load balancer needs them: ok
 * or failed, 503 when either failed, and never a driver's text (which may name a host, a user or a
 * file). Each check's answer is kept 2 s, so the tests ask until the state they caused shows.
 */
let ctx: TestContext;

beforeEach(async () => {
  ctx = await createTestContext();
});

afterEach(async () => {
  await ctx.cleanup();
});

type Health = { database: { ok: boolean }; redis: { ok: boolean } | null; storage: { writable: boolean } };

/** Asks `ask` until it answers `status`, for up to 20 s; the answer's body. */
async function healthUntil(ask: () => Promise<Response>, status: number): Promise<{ body: Health; text: string }> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const response = await ask();
    const text = await response.text();
    if (response.status === status) return { body: JSON.parse(text) as Health, text };
    if (Date.now() > deadline) throw new Error(`health still answers ${response.status} ${text}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The health route alone, over a database handle of its own that the test may take down. */
function healthApp(db: Db, redis?: () => Promise<unknown>) {
  const app = new Hono<AppEnv>();
  app.onError(handleError);
  app.route('/api', healthRoutes({ storage: ctx.storage, db, redis }));
  return async () => await app.request('http://localhost/api/health');
}

describe('the health endpoint', () => {
  it('answers 200 with the database ok, no Redis and the storage writable on the embedded defaults', async () => {
    const response = await ctx.request('/api/health');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ database: { ok: true }, redis: null, storage: { writable: true, key: null, message: null } });
  });

  it('answers 503 with the database failed while it is down, and 200 once it is back', async () => {
    const db = await openDatabase(ctx.database);
    const ask = healthApp(db);
    try {
      expect((await healthUntil(ask, 200)).body.database).toEqual({ ok: true });
      if (onPostgres(db)) {
        // The server refuses every connection to this database and ends the open ones, as a database being restored would.
        const name = new URL(ctx.database).pathname.slice(1);
        const postgres = new URL(ctx.database);
        postgres.pathname = '/postgres';
        await withClient(postgres.href, async (client) => {
          await client.query(`alter database ${name} allow_connections false`);
          await client.query('select pg_terminate_backend(pid, 5000) from pg_stat_activity where datname = $1', [name]);
        });
        const down = await healthUntil(ask, 503);
        expect(down.body).toEqual({ database: { ok: false }, redis: null, storage: { writable: true, key: null, message: null } });
        expect(down.text).not.toMatch(/postgres|allow|connect|127\.0\.0\.1/i);
        await withClient(postgres.href, (client) => client.query(`alter database ${name} allow_connections true`));
        expect((await healthUntil(ask, 200)).body.database).toEqual({ ok: true });
      } else {
        // SQLite is a file in this process: down is a connection that is closed.
        await closeDatabase(db);
        const down = await healthUntil(ask, 503);
        expect(down.body).toEqual({ database: { ok: false }, redis: null, storage: { writable: true, key: null, message: null } });
        expect(down.text).not.toMatch(/sqlite|connection|\/tmp/i);
      }
    } finally {
      if (onPostgres(db)) await closeDatabase(db);
    }
  });

  describe('with Redis', () => {
    let server: TestRedisServer;
    let redis: Redis;

    beforeEach(async () => {
      server = await startTestRedis();
      redis = openRedis(server.url, 'health');
    });

    afterEach(async () => {
      await closeRedis(redis);
      await server.close();
    });

    it('answers 503 with Redis failed while it is down, the database still ok, and 200 once it is back', async () => {
      const ask = healthApp(ctx.db, () => redis.ping());
      expect((await healthUntil(ask, 200)).body).toMatchObject({ database: { ok: true }, redis: { ok: true } });
      await server.kill();
      const down = await healthUntil(ask, 503);
      expect(down.body).toMatchObject({ database: { ok: true }, redis: { ok: false } });
      expect(down.text).not.toMatch(/redis:\/\/|ECONNREFUSED|127\.0\.0\.1/i);
      await server.start();
      expect((await healthUntil(ask, 200)).body).toMatchObject({ database: { ok: true }, redis: { ok: true } });
    });
  });
});
