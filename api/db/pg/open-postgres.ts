import pg from 'pg';
import { drizzle, type SqliteRemoteDatabase } from 'drizzle-orm/sqlite-proxy';
import { schema } from '../open-database.ts';

/** The app's queries, built by drizzle's SQLite dialect and run elsewhere: awaited, never synchronous. */
export type AsyncDb = SqliteRemoteDatabase<typeof schema>;

export type PostgresDb = { db: AsyncDb; transaction<T>(work: (tx: AsyncDb) => Promise<T>): Promise<T>; close(): Promise<void> };

// bigint (count(*), ms timestamps) and numeric (sum) arrive as strings by default; every one the app stores fits a double.
pg.types.setTypeParser(pg.types.builtins.INT8, Number);
pg.types.setTypeParser(pg.types.builtins.NUMERIC, Number);

/** drizzle's SQLite dialect writes `?` placeholders; PostgreSQL numbers them. Identifiers are double-quoted in both. */
export function numberPlaceholders(text: string): string {
  let n = 0;
  return text.replace(/\?/g, () => `$${++n}`);
}

type Runner = { query: (config: pg.QueryArrayConfig) => Promise<pg.QueryArrayResult> };

function over(client: Runner): AsyncDb {
  return drizzle(
    async (text, params, method) => {
      const result = await client.query({ text: numberPlaceholders(text), values: params, rowMode: 'array' });
      // 'get' answers one row or, when there is none, nothing: drizzle reads that as undefined.
      return method === 'get' ? { rows: result.rows[0] as unknown[] } : { rows: result.rows };
    },
    { schema },
  );
}

/**
 * Runs the app's SQLite-dialect queries on PostgreSQL. A transaction holds one pooled connection
 * for its whole callback: drizzle's proxy transaction would send BEGIN and COMMIT to whichever
 * connection the pool hands out.
 */
export function openPostgres(url: string): PostgresDb {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  return {
    db: over(pool),
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work(over(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
