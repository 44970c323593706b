import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { countApplicant, countedApplicants } from '../visitor/count-applicant.ts';
import { createSite } from '../sites/create-site.ts';
import { addAccount, createTestContext, type TestContext } from '../test-support.ts';
import { closeDatabase, type Db, openDatabase } from './open-database.ts';
import { accounts, sites } from './schema.ts';
import { isUniqueViolation } from './site-handles.ts';

// The ids createSite gives are chosen here when a test needs a collision; every other call gets a fresh one.
vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:crypto')>();
  return { ...actual, randomUUID: vi.fn(actual.randomUUID) };
});

let ctx: TestContext;
/** A second node on the same database: its own SQLite connection, or its own PostgreSQL pool. */
let other: Db;

beforeEach(async () => {
  ctx = await createTestContext();
  other = await openDatabase(ctx.database);
});

afterEach(async () => {
  await closeDatabase(other);
  await ctx.cleanup();
});

const account = (email: string) => ({ id: randomUUID(), email, passwordHash: '', accountType: 'USER' });
const emails = async (db: Db) => (await db.select({ email: accounts.email }).from(accounts).where(sql`${accounts.email} like '%@async.test'`).all()).map((row) => row.email).sort();

describe('transactions on either database', () => {
  it('catches a unique violation in a nested transaction and goes on: the rest commits', async () => {
    await ctx.db.insert(accounts).values(account('taken@async.test')).run();
    await ctx.db.transaction(async (tx) => {
      await tx.insert(accounts).values(account('first@async.test')).run();
      const refused = await tx
        .transaction((attempt) => attempt.insert(accounts).values(account('taken@async.test')).run())
        .then(() => null)
        .catch((error: unknown) => error);
      expect(isUniqueViolation(refused)).toBe(true);
      // On PostgreSQL a failed statement outside a savepoint aborts the whole transaction: this insert would fail.
      await tx.insert(accounts).values(account('after@async.test')).run();
    });
    expect(await emails(ctx.db)).toEqual(['after@async.test', 'first@async.test', 'taken@async.test']);
  });

  it('undoes all of a transaction that throws, and none of the one before', async () => {
    await ctx.db.transaction((tx) => tx.insert(accounts).values(account('kept@async.test')).run());
    await expect(
      ctx.db.transaction(async (tx) => {
        await tx.insert(accounts).values(account('undone@async.test')).run();
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await emails(ctx.db)).toEqual(['kept@async.test']);
  });

  it('runs a query made on the database handle inside a transaction as part of it', async () => {
    await ctx.db.transaction(async (tx) => {
      await tx.insert(accounts).values(account('inside@async.test')).run();
      // The handle, not tx: on SQLite it would wait for this very transaction; on PostgreSQL it would not see the row.
      expect(await emails(ctx.db)).toEqual(['inside@async.test']);
    });
  });

  it('keeps other requests out of an open transaction: they see its rows only once it commits', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let inserted = () => {};
    const insertedYet = new Promise<void>((resolve) => {
      inserted = resolve;
    });
    const transaction = ctx.db.transaction(async (tx) => {
      await tx.insert(accounts).values(account('pending@async.test')).run();
      inserted();
      await held;
    });
    await insertedYet;
    // Another request, outside the transaction's asynchronous section.
    const seen = await Promise.race([emails(other), new Promise<'waiting'>((resolve) => setImmediate(() => resolve('waiting')))]);
    expect(seen === 'waiting' || (Array.isArray(seen) && seen.length === 0)).toBe(true);
    release();
    await transaction;
    expect(await emails(other)).toEqual(['pending@async.test']);
  });
});

describe('a site whose first handle is taken', () => {
  it('gets the next handle, in the same transaction as its pages', async () => {
    const owner = await addAccount(ctx.db, { type: 'USER', planId: 'pro' });
    const first = await createSite(ctx.db, owner.id, { name: 'First', numberHorizontal: 2, numberVertical: 2, defaultLanguage: 'jp', languages: ['jp'] });
    const firstHandle = (await ctx.db.select({ handle: sites.handle }).from(sites).where(eq(sites.id, first)).get())?.handle;
    expect(firstHandle).toBe(first.replaceAll('-', '').slice(0, 8));
    // Same first eight hex digits, so the same first handle candidate.
    const collidingId: `${string}-${string}-${string}-${string}-${string}` = `${first.slice(0, 8)}-0000-4000-8000-${first.slice(-12)}`;
    vi.mocked(randomUUID).mockReturnValueOnce(collidingId);
    const second = await createSite(ctx.db, owner.id, { name: 'Second', numberHorizontal: 2, numberVertical: 2, defaultLanguage: 'jp', languages: ['jp'] });
    expect(second).toBe(collidingId);
    const row = await ctx.db.select({ handle: sites.handle, settings: sites.settings }).from(sites).where(eq(sites.id, second)).get();
    expect(row?.handle).toBe(collidingId.replaceAll('-', '').slice(0, 12));
    expect((row?.settings as { handle?: string } | undefined)?.handle).toBe(row?.handle);
    expect((await ctx.db.all(sql`SELECT id FROM pages WHERE site_id = ${second}`)).length).toBe(4);
  });
});

describe('two nodes on one database, in parallel', () => {
  it('create no more sites than the plan allows, each with its own handle', async () => {
    // The standard plan allows three sites; eight creations race through two nodes.
    const owner = await addAccount(ctx.db, { type: 'USER', planId: 'standard' });
    const attempts = Array.from({ length: 8 }, (_, n) =>
      createSite(n % 2 ? other : ctx.db, owner.id, { name: `Race ${n}`, numberHorizontal: 1, numberVertical: 2, defaultLanguage: 'jp', languages: ['jp'] }).then(
        (id) => ({ id }),
        (error: unknown) => ({ error }),
      ),
    );
    const outcomes = await Promise.all(attempts);
    const created = outcomes.flatMap((outcome) => ('id' in outcome ? [outcome.id] : []));
    expect(created).toHaveLength(3);
    for (const outcome of outcomes) if ('error' in outcome) expect(outcome.error).toMatchObject({ key: 'planSiteLimit' });
    const rows = await ctx.db.select({ id: sites.id, handle: sites.handle }).from(sites).where(eq(sites.ownerId, owner.id)).all();
    expect(rows.map((row) => row.id).sort()).toEqual([...created].sort());
    expect(new Set(rows.map((row) => row.handle)).size).toBe(3);
  });

  it('count no applicant past a popup limit', async () => {
    const site = await ctx.createSite();
    const counts = await Promise.all(Array.from({ length: 40 }, (_, n) => countApplicant(n % 2 ? other : ctx.db, site.id, 'popup-1', 25)));
    expect(counts.filter((count) => count !== null)).toHaveLength(25);
    expect(new Set(counts.filter((count) => count !== null)).size).toBe(25);
    expect(await countedApplicants(ctx.db, site.id, 'popup-1')).toBe(25);
  });
});
