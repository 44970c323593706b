import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, onPostgres, openDatabase } from '../open-database.ts';
import { accounts } from '../schema.ts';
import { SyncPostgres } from './sync-postgres.ts';
import { postgresForTest } from './test-database.ts';
import { translateSql } from './translate-sql.ts';

let database: Awaited<ReturnType<typeof postgresForTest>>;
let db: Db;
let other: SyncPostgres;
beforeAll(async () => {
  database = await postgresForTest();
  db = openDatabase(database.url);
  other = new SyncPostgres(database.url);
}, 60_000);
afterAll(async () => {
  db.$client.close();
  other.close();
  await database.drop();
});

const account = () => ({ id: randomUUID(), email: `${randomUUID()}@example.com`, passwordHash: '', accountType: 'USER' });
const countOutside = (id: string) => Number((other.query('SELECT count(*) FROM accounts WHERE id = $1', [id], true).rows[0] as unknown[])[0]);

describe('SQLite SQL on PostgreSQL', () => {
  it('numbers positional and named placeholders, leaves quoted text alone and quotes camelCase aliases', () => {
    expect(translateSql(`select ?, '?', "a?" from t where x = ? and y = ?2`).text).toBe(`select $1, '?', "a?" from t where x = $2 and y = $2`);
    expect(translateSql('select owner_id AS ownerId, CAST(x AS TEXT) as plain from t where a = @a and b = :b and c = @a')).toEqual({
      text: 'select owner_id AS "ownerId", CAST(x AS TEXT) as plain from t where a = $1 and b = $2 and c = $1',
      names: ['a', 'b'],
    });
    expect(translateSql('insert into "t" ("a") values (?) on conflict ("t"."a", "t"."b") do nothing').text).toBe('insert into "t" ("a") values ($1) on conflict ("a", "b") do nothing');
  });
});

describe('the synchronous PostgreSQL bridge', () => {
  it('runs drizzle queries synchronously, with SQLite-shaped answers: numbers for counts, 1/0 for comparisons', () => {
    expect(onPostgres(db)).toBe(true);
    const row = account();
    db.insert(accounts).values(row).run();
    expect(db.select().from(accounts).where(eq(accounts.id, row.id)).get()).toMatchObject({ email: row.email, accountType: 'USER', createdAt: expect.any(Date) });
    expect(db.$client.prepare('SELECT count(*) AS n, 1 < 2 AS yes FROM accounts WHERE id = ?').get(row.id)).toEqual({ n: 1, yes: 1 });
    expect(db.$client.prepare('SELECT id FROM accounts WHERE id = @id').pluck().get({ id: row.id })).toBe(row.id);
    expect(db.$client.prepare('UPDATE accounts SET company_name = ? WHERE id = ?').run('ACME', row.id).changes).toBe(1);
  });

  it('keeps a transaction to itself until it commits, and leaves nothing of one that throws', () => {
    const kept = account();
    db.transaction((tx) => {
      tx.insert(accounts).values(kept).run();
      expect(countOutside(kept.id)).toBe(0);
    });
    expect(countOutside(kept.id)).toBe(1);
    const lost = account();
    expect(() =>
      db.transaction((tx) => {
        tx.insert(accounts).values(lost).run();
        throw new Error('changed my mind');
      }),
    ).toThrow('changed my mind');
    expect(countOutside(lost.id)).toBe(0);
  });

  it('rolls a nested transaction back to its savepoint only', () => {
    const outer = account();
    const inner = account();
    db.transaction((tx) => {
      tx.insert(accounts).values(outer).run();
      expect(() =>
        tx.transaction((nested) => {
          nested.insert(accounts).values(inner).run();
          throw new Error('inner fails');
        }),
      ).toThrow('inner fails');
    });
    expect([countOutside(outer.id), countOutside(inner.id)]).toEqual([1, 0]);
  });

  it('reports a unique violation with its SQLSTATE, which the app tells apart as SQLite’s', () => {
    const row = account();
    db.insert(accounts).values(row).run();
    expect(() =>
      db
        .insert(accounts)
        .values({ ...row, id: randomUUID() })
        .run(),
    ).toThrow(expect.objectContaining({ code: '23505' }));
  });

  it('connects again after its connection is dropped: at most the query that saw the drop fails', () => {
    const before = db.$client.prepare('SELECT pg_backend_pid() AS pid').get() as { pid: number };
    other.query('SELECT pg_terminate_backend($1)', [before.pid]);
    const failures: unknown[] = [];
    let after: unknown;
    for (let attempt = 0; attempt < 2 && after === undefined; attempt++) {
      try {
        after = db.$client.prepare('SELECT pg_backend_pid() AS pid').get();
      } catch (error) {
        failures.push(error);
      }
    }
    expect(failures.length).toBeLessThanOrEqual(1);
    expect(after).toEqual({ pid: expect.any(Number) });
    expect(after).not.toEqual(before);
    const row = account();
    db.insert(accounts).values(row).run();
    expect(countOutside(row.id)).toBe(1);
  });

  it('round-trips bytes as Buffers', () => {
    other.query('CREATE TEMP TABLE blobs (b bytea)');
    const bytes = Buffer.from([0, 1, 2, 250, 255]);
    other.query('INSERT INTO blobs VALUES ($1)', [bytes]);
    const [row] = other.query('SELECT b FROM blobs', [], true).rows as unknown[][];
    expect(Buffer.isBuffer(row![0])).toBe(true);
    expect(row![0]).toEqual(bytes);
  });
});
