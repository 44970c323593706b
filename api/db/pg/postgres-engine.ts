import pg from 'pg';
import type { Answer, Connection, Engine, HeldConnection, RowShape } from '../async-database.ts';

const SERIALIZATION_FAILURE = '40001';
const DEADLOCK_DETECTED = '40P01';

export type PostgresSettings = {
  /** Connections this process keeps at most; a request waits for one beyond that. */
  poolSize: number;
  /** A statement running longer is cancelled by the server: it fails its request, not the node. */
  statementTimeoutMs: number;
};

export const DEFAULT_POSTGRES_SETTINGS: PostgresSettings = { poolSize: 10, statementTimeoutMs: 60_000 };

/**
 * Answers in the shapes SQLite gives, so a hand-written query reads the same values on both and a
 * column's own mapping (drizzle's SQLite columns) serves both: 8-byte integers and numerics as
 * numbers, a boolean as 1 or 0 (an `exists (…)` too), a `timestamptz` as milliseconds since 1970,
 * JSON as its text (the JSON column parses it, as it parses SQLite's).
 */
const parseTime = pg.types.getTypeParser(pg.types.builtins.TIMESTAMPTZ, 'text');
const answerTypes = {
  getTypeParser: (id: number, format?: 'text' | 'binary') => {
    if (id === pg.types.builtins.INT8 || id === pg.types.builtins.NUMERIC) return Number;
    if (id === pg.types.builtins.BOOL) return (value: string) => (value === 't' ? 1 : 0);
    if (id === pg.types.builtins.TIMESTAMPTZ) return (value: string) => millisecondsOf(parseTime(value));
    if (id === pg.types.builtins.JSONB || id === pg.types.builtins.JSON) return (value: string) => value;
    return format === 'binary' ? pg.types.getTypeParser(id, 'binary') : pg.types.getTypeParser(id, 'text');
  },
};

/** pg's time parser gives a Date, or ±Infinity for PostgreSQL's infinities. */
function millisecondsOf(parsed: unknown): number {
  if (parsed instanceof Date) return parsed.getTime();
  if (typeof parsed === 'number') return parsed;
  throw new Error(`not a time: ${String(parsed)}`);
}

function toParameter(value: unknown): unknown {
  if (typeof value === 'bigint') return value.toString();
  if (value === undefined) return null;
  return value;
}

async function send(client: pg.Pool | pg.PoolClient, text: string, params: unknown[], shape: RowShape): Promise<Answer> {
  const values = params.map(toParameter);
  const result = shape === 'arrays' ? await client.query({ text, values, rowMode: 'array' }) : await client.query({ text, values });
  return { rows: result.rows, changes: result.rowCount ?? 0 };
}

/**
 * PostgreSQL behind the asynchronous session: a pool of connections; a statement outside a
 * transaction takes any, a transaction holds one from BEGIN to COMMIT. Nothing here locks more than
 * the database does: concurrency is its unique constraints, conditional updates and row locks.
 */
export class PostgresEngine implements Engine {
  readonly dialect = 'postgres';
  readonly pool: pg.Pool;

  constructor(url: string, settings: PostgresSettings = DEFAULT_POSTGRES_SETTINGS) {
    this.pool = new pg.Pool({
      connectionString: url,
      max: settings.poolSize,
      statement_timeout: settings.statementTimeoutMs,
      types: answerTypes,
      application_name: 'swipegrid',
    });
    // An idle connection the server dropped (a restart, a failover) leaves the pool; the next query opens another.
    this.pool.on('error', () => {});
  }

  readonly direct: Connection = { query: (text, params, shape) => send(this.pool, text, params, shape) };

  async begin(): Promise<HeldConnection> {
    const client = await this.pool.connect();
    try {
      // Every transaction is serializable: a rule that spans rows (a quota, a seat count) holds across
      // nodes without a lock; the loser of a conflict fails with 40001 and the session runs it again.
      await client.query('begin isolation level serializable');
    } catch (error) {
      client.release(true);
      throw error;
    }
    return {
      connection: { query: (text, params, shape) => send(client, text, params, shape) },
      end: async (commit) => {
        try {
          await client.query(commit ? 'commit' : 'rollback');
          client.release();
        } catch (error) {
          // A connection whose transaction could not end is not handed to anyone else.
          client.release(true);
          if (commit) throw error;
        }
      },
    };
  }

  retryable(error: unknown): boolean {
    const code = error instanceof Error && 'code' in error ? error.code : undefined;
    return code === SERIALIZATION_FAILURE || code === DEADLOCK_DETECTED;
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
