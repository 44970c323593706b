import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { count, like } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_IMPORT_FAILURES_SHOWN, MAX_IMPORT_ROWS } from '../../model/constants.ts';
import { accounts } from '../db/schema.ts';
import { addAccount, createTestContext, fileForm, type TestContext } from '../test-support.ts';
import { createUserInputSchema } from '../../model/account.ts';
import { findAccount } from './find-account.ts';
import { insertUsers } from './create-users.ts';
import { loadActor } from './actor.ts';

let ctx: TestContext;

beforeEach(async () => {
  ctx = await createTestContext();
});

afterEach(async () => {
  await ctx.cleanup();
});

const csv = (text: string) => fileForm(new TextEncoder().encode(text), 'users.csv', 'text/csv');
const rows = (n: number, line: (index: number) => string) => Array.from({ length: n }, (_, index) => line(index)).join('\n');
const importedCount = async (prefix: string) =>
  (await ctx.db
    .select({ n: count() })
    .from(accounts)
    .where(like(accounts.email, `${prefix}%`))
    .get())!.n;

describe('CSV import under big files', () => {
  it('refuses a 1,000,000-line file with the row cap’s keyed message, and a concurrent GET /api/meta is answered before it', { timeout: 120_000 }, async () => {
    const body = `companyName,email\n${'a,b\n'.repeat(1_000_000)}`;
    expect(body.length).toBeLessThan(5 * 1024 * 1024);
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    const rssBefore = process.memoryUsage().rss;
    const started = performance.now();
    let answeredAt: number | null = null;
    const answer = ctx.request('/api/master/user/import', { method: 'POST', body: csv(body), headers: { 'accept-language': 'ja' } }).then((response) => {
      answeredAt = performance.now();
      return response;
    });
    // Meta calls, one after another, for as long as the import is under way. Each waits for the next
    // turn of the event loop first, as a request from a socket would: its latency includes any time
    // the import held the loop.
    const metaLatencies: number[] = [];
    while (answeredAt === null) {
      const sent = performance.now();
      await nextTurn();
      const meta = await ctx.request('/api/meta');
      expect(meta.status).toBe(200);
      if (answeredAt === null) metaLatencies.push(performance.now() - sent);
    }
    const response = await answer;
    const text = await response.text();
    loop.disable();
    console.log(
      `1,000,000-line import: answered in ${Math.round(answeredAt! - started)} ms with ${text.length} bytes; ${metaLatencies.length} meta calls answered meanwhile, ` +
        `slowest ${Math.round(Math.max(...metaLatencies))} ms; event loop delay max ${Math.round(loop.max / 1e6)} ms; RSS ${Math.round(rssBefore / 2 ** 20)} → ${Math.round(process.memoryUsage().rss / 2 ** 20)} MB`,
    );
    expect(metaLatencies.length).toBeGreaterThan(0);
    expect({ status: response.status, body: JSON.parse(text) }).toEqual({
      status: 400,
      body: {
        code: 'validation',
        key: 'csvTooManyRows',
        values: { max: MAX_IMPORT_ROWS },
        message: `${MAX_IMPORT_ROWS}行を超えるファイルはインポートできません。${MAX_IMPORT_ROWS}行以下のファイルに分けてください。`,
        issues: [],
      },
    });
    expect(await importedCount('b')).toBe(0);
  });

  it(`imports exactly ${MAX_IMPORT_ROWS} rows and answers what it committed: every account, each invited`, { timeout: 600_000 }, async () => {
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    const started = performance.now();
    const response = await ctx.request('/api/master/user/import', {
      method: 'POST',
      body: csv(`companyName,email,planId\n${rows(MAX_IMPORT_ROWS, (index) => `Co ${index},cap-${index}@example.com,light`)}\n`),
    });
    const elapsed = performance.now() - started;
    const answer = (await response.json()) as { imported: number; users: { email: string }[]; invitationsFailed: number };
    loop.disable();
    console.log(`${MAX_IMPORT_ROWS}-row import: answered ${response.status} in ${Math.round(elapsed)} ms; event loop delay max ${Math.round(loop.max / 1e6)} ms`);
    expect(response.status).toBe(201);
    expect({ imported: answer.imported, users: answer.users.length, invitationsFailed: answer.invitationsFailed }).toEqual({ imported: MAX_IMPORT_ROWS, users: MAX_IMPORT_ROWS, invitationsFailed: 0 });
    expect(answer.users.at(-1)!.email).toBe(`cap-${MAX_IMPORT_ROWS - 1}@example.com`);
    expect(await importedCount('cap-')).toBe(MAX_IMPORT_ROWS);
    expect(new Set((await ctx.outbox()).map((mail) => mail.to)).size).toBe(MAX_IMPORT_ROWS);
  });

  it(`refuses ${MAX_IMPORT_ROWS + 1} rows in the caller’s language and creates nothing`, { timeout: 120_000 }, async () => {
    const response = await ctx.request('/api/master/user/import', {
      method: 'POST',
      body: csv(`companyName,email,planId\n${rows(MAX_IMPORT_ROWS + 1, (index) => `Co ${index},over-${index}@example.com,light`)}\n`),
      headers: { 'accept-language': 'ko' },
    });
    expect({ status: response.status, body: await response.json() }).toMatchObject({
      status: 400,
      body: { key: 'csvTooManyRows', values: { max: MAX_IMPORT_ROWS }, message: `${MAX_IMPORT_ROWS}행을 넘는 파일은 가져올 수 없습니다. ${MAX_IMPORT_ROWS}행 이하의 파일로 나누어 주세요.` },
    });
    expect(await importedCount('over-')).toBe(0);
    expect(await ctx.outbox()).toEqual([]);
  });

  it(`lists the first ${MAX_IMPORT_FAILURES_SHOWN} failing rows and counts the others, importing nothing`, async () => {
    const failing = MAX_IMPORT_FAILURES_SHOWN + 150;
    const response = await ctx.request('/api/master/user/import', {
      method: 'POST',
      body: csv(`companyName,email,planId\nGood,good-row@example.com,light\n${rows(failing, (index) => `Bad ${index},not-an-email-${index},light`)}\n`),
    });
    const body = (await response.json()) as { key: string; values: { count: number }; failures: { row: number }[]; moreFailures: number };
    expect(response.status).toBe(400);
    expect({ key: body.key, values: body.values, shown: body.failures.length, moreFailures: body.moreFailures }).toEqual({
      key: 'csvRowsFailed',
      values: { count: failing },
      shown: MAX_IMPORT_FAILURES_SHOWN,
      moreFailures: failing - MAX_IMPORT_FAILURES_SHOWN,
    });
    expect(body.failures.map((failure) => failure.row)).toEqual(Array.from({ length: MAX_IMPORT_FAILURES_SHOWN }, (_, index) => index + 3));
    expect(await importedCount('good-row')).toBe(0);
  });

  it('two parallel imports of the same emails: one imports every row, the other none, each answer true to what it committed', { timeout: 300_000 }, async () => {
    const file = `companyName,email,planId\n${rows(2000, (index) => `Co ${index},twin-${index}@example.com,light`)}\n`;
    const answers = await Promise.all([0, 1].map(() => ctx.request('/api/master/user/import', { method: 'POST', body: csv(file) })));
    const bodies = (await Promise.all(answers.map((answer) => answer.json()))) as { imported?: number; key?: string; values?: { count: number }; failures?: { issues: { key: string }[] }[] }[];
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([201, 400]);
    const imported = bodies.find((body) => body.imported !== undefined)!;
    const refused = bodies.find((body) => body.key !== undefined)!;
    expect(imported.imported).toBe(2000);
    // Its rows fail as taken: those it checked after the other's commit, or all of them when the other committed between its checks and its insert.
    expect(refused.key).toBe('csvRowsFailed');
    expect(refused.values!.count).toBeGreaterThan(0);
    expect(new Set(refused.failures!.flatMap((failure) => failure.issues.map((each) => each.key)))).toEqual(new Set(['emailTaken']));
    expect(await importedCount('twin-')).toBe(2000);
    expect((await ctx.outbox()).length).toBe(2000);
  });
});

describe('insertUsers and a big branch', () => {
  it('returns every user it inserted, more than one SQL statement may name, and the OEM above them lists them and its sites', { timeout: 300_000 }, async () => {
    // SQLite takes 32,766 values in a statement: the re-read of the ids, and a branch's ids in an IN list, went past it.
    const count = 33_000;
    const oem = await addAccount(ctx.db, { type: 'OEM_MASTER', planId: 'oem' });
    const operatorId = (await ctx.db.select().from(accounts).all()).find((row) => row.accountType === 'MASTER')!.id;
    const inputs = Array.from({ length: count }, (_, index) => createUserInputSchema.parse({ companyName: `Bulk ${index}`, email: `bulk-${index}@example.com`, accountType: 'USER', planId: 'light' }));
    const users = await insertUsers(ctx.db, (await loadActor(ctx.db, operatorId))!, (await findAccount(ctx.db, oem.id))!, inputs);
    expect(users.length).toBe(count);
    expect(users.map((user) => user.email)).toEqual(inputs.map((input) => input.email));

    const cookie = await ctx.loginAs(oem.email, oem.password);
    const list = await ctx.request('/api/user?limit=1', { headers: { cookie } });
    expect({ status: list.status, total: ((await list.json()) as { total: number }).total }).toEqual({ status: 200, total: count });
    expect((await ctx.request('/api/site', { headers: { cookie } })).status).toBe(200);
  });
});
