import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { messageText } from '../../../model/messages/text.ts';
import { createTestContext, type TestContext } from '../../test-support.ts';
import { withClient } from './test-database.ts';

/**
 * The PostgreSQL pool bounded and mended (issue 29, "Bounded and observable"): a statement past
 * DATABASE_STATEMENT_TIMEOUT_MS fails its own request while the node answers the others, and
 * connections the server lost are replaced. Only under `npm run test:postgres`: SQLite has neither
 * a statement timeout nor connections to lose.
 */
const TIMEOUT_MS = 1_500;

let ctx: TestContext;
/** A connection of the test's own to the same database, as an operator's psql would be. */
let operator: pg.Client;

beforeEach(async () => {
  ctx = await createTestContext({ postgres: { poolSize: 3, statementTimeoutMs: TIMEOUT_MS } });
  operator = new pg.Client({ connectionString: ctx.database });
  await operator.connect();
});

afterEach(async () => {
  await operator.end();
  await ctx.cleanup();
});

/** Asks PostgreSQL until `check` holds of the app's backends (pg_stat_activity), or gives up after 10 s. */
async function until(text: string, check: (rows: Record<string, unknown>[]) => boolean): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const { rows } = await operator.query(text);
    if (check(rows)) return;
    if (Date.now() > deadline) throw new Error(`still ${JSON.stringify(rows)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const APP_BACKENDS = `select pid, state, wait_event_type, query from pg_stat_activity where datname = current_database() and application_name = 'swipegrid'`;

/** Whether a promise has settled yet, without waiting for it. */
function watch(promise: Promise<unknown>): () => boolean {
  let settled = false;
  promise.then(
    () => (settled = true),
    () => (settled = true),
  );
  return () => settled;
}

describe.runIf(inject('postgresServer'))('a bounded PostgreSQL pool', () => {
  it('cancels a statement past the timeout with a clear error, while another request on the same node is answered', async () => {
    const slow = ctx.db.run(sql`select pg_sleep(30)`);
    const slowSettled = watch(slow);
    await until(APP_BACKENDS, (rows) => rows.some((row) => row.state === 'active' && String(row.query).includes('pg_sleep')));
    const listed = await ctx.request('/api/site');
    expect(listed.status).toBe(200);
    expect(slowSettled()).toBe(false);
    await expect(slow).rejects.toMatchObject({ code: '57014', message: 'canceling statement due to statement timeout' });
    // Its connection serves the next statement.
    expect(await ctx.db.get(sql`select 1 as one`)).toEqual({ one: 1 });
  });

  it('answers a request whose statement timed out 503 databaseTimeout, and only that one', async () => {
    const site = await ctx.createSite({ name: 'Locked' });
    // An operator's transaction holds the site's row: the edit's update waits for it past the timeout.
    await operator.query('begin');
    await operator.query('select id from sites where id = $1 for update', [site.id]);
    const edit = ctx.request(`/api/site/${site.id}`, { method: 'PUT', json: { seo: { title: 'Waiting' } } });
    const editSettled = watch(edit);
    await until(APP_BACKENDS, (rows) => rows.some((row) => row.wait_event_type === 'Lock'));
    const read = await ctx.request(`/api/site/${site.id}`);
    expect(read.status).toBe(200);
    expect(editSettled()).toBe(false);
    const refused = await edit;
    expect(refused.status).toBe(503);
    expect(await refused.json()).toMatchObject({ code: 'unavailable', key: 'databaseTimeout', message: messageText('databaseTimeout', 'en') });
    await operator.query('rollback');
    const again = await ctx.request(`/api/site/${site.id}`, { method: 'PUT', json: { seo: { title: 'Again' } } });
    expect(again.status).toBe(200);
  });

  it('replaces the connections the server terminated: the request that was using one answers 503 databaseUnavailable, the next succeeds', async () => {
    const site = await ctx.createSite({ name: 'Terminated' });
    // Every connection of the pool opened; one edit waits on a row an operator holds, the others idle.
    await Promise.all(Array.from({ length: 3 }, () => ctx.db.run(sql`select pg_sleep(0.05)`)));
    await operator.query('begin');
    await operator.query('select id from sites where id = $1 for update', [site.id]);
    const edit = ctx.request(`/api/site/${site.id}`, { method: 'PUT', json: { seo: { title: 'Cut off' } } });
    await until(APP_BACKENDS, (rows) => rows.length === 3 && rows.some((row) => row.wait_event_type === 'Lock'));
    const before = (await operator.query<{ pid: number }>(APP_BACKENDS)).rows.map((row) => row.pid);
    // As a failover or a restart would: each backend gone before the call returns.
    const terminated = await withClient(ctx.database, (client) => client.query(`select pg_terminate_backend(pid, 5000) as gone from (${APP_BACKENDS}) app`));
    expect(terminated.rows).toEqual(before.map(() => ({ gone: true })));
    const cut = await edit;
    expect(cut.status).toBe(503);
    expect(await cut.json()).toMatchObject({ code: 'unavailable', key: 'databaseUnavailable', message: messageText('databaseUnavailable', 'en') });
    await operator.query('rollback');

    const listed = await ctx.request('/api/site');
    expect(listed.status).toBe(200);
    const again = await ctx.request(`/api/site/${site.id}`, { method: 'PUT', json: { seo: { title: 'Again' } } });
    expect(again.status).toBe(200);
    const after = (await operator.query<{ pid: number }>(APP_BACKENDS)).rows.map((row) => row.pid);
    expect(after.length).toBeGreaterThan(0);
    expect(after.filter((pid) => before.includes(pid))).toEqual([]);
  });
});
