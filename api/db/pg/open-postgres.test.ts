import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../schema.ts';
import { numberPlaceholders } from './open-postgres.ts';
import { createTestPostgres } from './test-database.ts';

let pg: Awaited<ReturnType<typeof createTestPostgres>>;
beforeAll(async () => {
  pg = await createTestPostgres();
}, 60_000);
afterAll(async () => pg.drop());

const account = () => ({ id: randomUUID(), email: `${randomUUID()}@example.com`, passwordHash: '', accountType: 'USER' });

describe('the PostgreSQL driver', () => {
  it('numbers the SQLite placeholders in order', () => {
    expect(numberPlaceholders('select ? from "t" where "a" = ? and "b" in (?, ?)')).toBe('select $1 from "t" where "a" = $2 and "b" in ($3, $4)');
  });

  it('keeps a transaction on one connection: its rows are invisible outside until commit, and a failure leaves none', async () => {
    const kept = account();
    const lost = account();
    let seenOutside: unknown;
    await pg.transaction(async (tx) => {
      await tx.insert(accounts).values(kept);
      seenOutside = await pg.db.select().from(accounts).where(eq(accounts.id, kept.id)).get();
      expect(await tx.select().from(accounts).where(eq(accounts.id, kept.id)).get()).toMatchObject({ email: kept.email });
    });
    expect(seenOutside).toBeUndefined();
    await expect(
      pg.transaction(async (tx) => {
        await tx.insert(accounts).values(lost);
        throw new Error('abandoned');
      }),
    ).rejects.toThrow('abandoned');
    expect(await pg.db.select().from(accounts).where(eq(accounts.id, kept.id)).get()).toMatchObject({ email: kept.email, licenseIssued: false });
    expect(await pg.db.select().from(accounts).where(eq(accounts.id, lost.id)).get()).toBeUndefined();
  });

  it('runs parallel transactions each on its own connection', async () => {
    const rows = Array.from({ length: 8 }, account);
    await Promise.all(rows.map((row) => pg.transaction(async (tx) => tx.insert(accounts).values(row))));
    const found = await Promise.all(rows.map((row) => pg.db.select().from(accounts).where(eq(accounts.id, row.id)).get()));
    expect(found.every((row) => row !== undefined)).toBe(true);
  });
});
