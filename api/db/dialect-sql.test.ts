import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { currentTime, dayOf, jsonMembers, jsonRemoveKey, jsonSetText, memberText } from './dialect-sql.ts';
import { closeDatabase, type Db, openDatabase } from './open-database.ts';
import { PostgresDialect } from './pg/postgres-dialect.ts';
import { testDatabaseTarget } from './pg/test-database.ts';
import { accounts, sites } from './schema.ts';
import { visitorEvents } from './schema-visitor.ts';

// A SQLite file, or a PostgreSQL database under `npm run test:postgres`: every fragment must mean the same on both.
let dir: string;
let db: Db;
let dropDatabase: () => Promise<void>;

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'swipegrid-dialect-sql-'));
  const database = await testDatabaseTarget(dir);
  db = await openDatabase(database.target);
  dropDatabase = database.drop;
});

afterEach(async () => {
  await closeDatabase(db);
  await dropDatabase();
  await rm(dir, { recursive: true, force: true });
});

async function addSite(settings: Record<string, unknown>): Promise<void> {
  await db.insert(accounts).values({ id: 'owner', email: 'owner@dialect.test', passwordHash: '', accountType: 'USER', mustChangePassword: true }).run();
  await db.insert(sites).values({ id: 'site', ownerId: 'owner', name: 'Site', numberHorizontal: 1, numberVertical: 1, settings }).run();
}

const settingsOf = async () => (await db.select({ settings: sites.settings }).from(sites).where(eq(sites.id, 'site')).get())?.settings;

describe('the fragments spelled per dialect', () => {
  it('set and remove a top-level key of a JSON column, leaving the rest', async () => {
    await addSite({ title: 'Shop', customDomain: 'shop.example', nested: { a: [1, 2] } });
    await db
      .update(sites)
      .set({ settings: jsonSetText(sites.settings, 'handle', 'shop') })
      .run();
    await db
      .update(sites)
      .set({ settings: jsonRemoveKey(sites.settings, 'customDomain') })
      .run();
    expect(await settingsOf()).toEqual({ title: 'Shop', handle: 'shop', nested: { a: [1, 2] } });
  });

  it("list a JSON object's members with their values as text", async () => {
    await addSite({ name: 'Ana', age: 30, member: true, tags: ['a'] });
    const members = await db.all<{ key: string; value: string }>(
      sql`SELECT m.key AS key, ${memberText(sql`m.value`)} AS value FROM ${sites}, ${jsonMembers(sites.settings)} AS m WHERE ${sites.id} = 'site' ORDER BY m.key`,
    );
    // A boolean is SQLite's 1 and PostgreSQL's true: only what a search matches on differs.
    expect(members.map(({ key, value }) => (key === 'member' ? { key, value: ['1', 'true'].includes(value) } : { key, value }))).toEqual([
      { key: 'age', value: '30' },
      { key: 'member', value: true },
      { key: 'name', value: 'Ana' },
      { key: 'tags', value: '["a"]' },
    ]);
  });

  it('give the calendar day of a time, shifted by an offset', async () => {
    await addSite({});
    // 2026-03-31 15:30 UTC is already April 1st in Japan (+9 hours).
    await db
      .update(accounts)
      .set({ createdAt: new Date('2026-03-31T15:30:00.000Z') })
      .run();
    const day = (shift: number) => db.get<{ day: string }>(sql`SELECT ${dayOf(accounts.createdAt, shift)} AS day FROM ${accounts}`);
    expect(await day(0)).toEqual({ day: '2026-03-31' });
    expect(await day(9 * 3_600_000)).toEqual({ day: '2026-04-01' });
  });

  it('default a time column to now, to the millisecond', async () => {
    const before = Date.now();
    await addSite({});
    const row = await db.select({ createdAt: accounts.createdAt }).from(accounts).get();
    expect(row?.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1);
    expect(row?.createdAt.getTime()).toBeLessThanOrEqual(Date.now() + 1);
    expect(Number.isInteger(row?.createdAt.getTime())).toBe(true);
  });

  it('number an event whose insert leaves its id out', async () => {
    const event = { siteId: 's', kind: 'landing', cell: 'A1', sessionId: 'x', visitId: 'v', device: 'mobile', occurredAt: new Date(1_000), receivedAt: new Date(1_000) };
    const ids = await db.insert(visitorEvents).values([event, event]).returning({ id: visitorEvents.id }).all();
    expect(ids.map((row) => row.id)).toEqual([1, 2]);
  });

  it('are written for PostgreSQL inside subqueries too', () => {
    const inner = db
      .select({ id: sites.id })
      .from(sites)
      .where(sql`${jsonSetText(sites.settings, 'a', 'b')} IS NOT NULL`);
    const query = new PostgresDialect().sqlToQuery(sql`SELECT 1 WHERE EXISTS (${inner}) AND ${currentTime} IS NOT NULL`);
    expect(query.sql).toContain('jsonb_set(');
    expect(query.sql).toContain('clock_timestamp()');
    expect(query.sql).not.toMatch(/json_set|unixepoch/);
  });
});

describe('values crossing to either database', () => {
  it('read booleans, times and JSON in one shape by hand, and as their types through the columns', async () => {
    await addSite({ title: 'Shop' });
    await db
      .update(accounts)
      .set({ createdAt: new Date(1_700_000_000_123) })
      .run();
    const raw = await db.get<Record<string, unknown>>(sql`SELECT a.must_change_password AS flag, a.created_at AS at, s.settings AS settings FROM accounts a JOIN sites s ON s.owner_id = a.id`);
    expect(raw).toEqual({ flag: 1, at: 1_700_000_000_123, settings: expect.any(String) });
    expect(JSON.parse(String(raw?.settings))).toEqual({ title: 'Shop' });
    const typed = await db.select({ flag: accounts.mustChangePassword, at: accounts.createdAt }).from(accounts).get();
    expect(typed).toEqual({ flag: true, at: new Date(1_700_000_000_123) });
  });

  it('take a Date and a boolean as parameters of a hand-written query', async () => {
    await addSite({});
    await db
      .update(accounts)
      .set({ createdAt: new Date(5_000) })
      .run();
    const found = await db.all(sql`SELECT id FROM accounts WHERE created_at < ${new Date(6_000)} AND must_change_password = ${true}`);
    expect(found).toEqual([{ id: 'owner' }]);
  });
});
