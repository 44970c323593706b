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

async function send(client: pg.PoolClient, text: string, params: unknown[], shape: RowShape): Promise<Answer> {
  const values = params.map(toParameter);
  const result = shape === 'arrays' ? await client.query({ text, values, rowMode: 'array' }) : await client.query({ text, values });
  return { rows: result.rows, changes: result.rowCount ?? 0 };
}

/** SQLSTATE sqlclient_unable_to_establish_sqlconnection: what a failed connect is given, so the API answers it as the database being unreachable. */
const UNABLE_TO_CONNECT = '08001';
/** SQLSTATE connection_failure: what a statement on a connection that was lost is given. */
const CONNECTION_FAILURE = '08006';

/** A connection that could not be opened or was lost (the server down, restarted, or terminating it): the driver's error is its cause. */
class ConnectionFailed extends Error {
  readonly code: string;
  constructor(code: typeof UNABLE_TO_CONNECT | typeof CONNECTION_FAILURE, cause: unknown) {
    const what = code === UNABLE_TO_CONNECT ? 'could not connect to PostgreSQL' : 'the connection to PostgreSQL was lost';
    super(`${what}: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'ConnectionFailed';
    this.code = code;
  }
}

/**
 * Whether a connection that gave this error may serve another statement: a statement the server
 * refused or cancelled (a constraint, a timeout) leaves it usable; a lost or broken one is dropped
 * from the pool, which opens another for the next.
 */
function connectionUsable(error: unknown): boolean {
  if (!(error instanceof pg.DatabaseError)) return false;
  const code = error.code ?? '';
  return !code.startsWith('08') && !code.startsWith('57P') && error.severity !== 'FATAL';
}

/**
 * A connection taken from the pool, for one statement or a transaction. While it is taken the pool
 * does not listen to it: its 'error' (the server gone between two statements) would be thrown at
 * the process and end the node; it is kept here, and fails the next statement instead.
 * node-postgres rejects a statement with a plain Error only when the connection is broken (the
 * server's own refusals are DatabaseErrors); that one is given SQLSTATE 08006.
 */
class TakenConnection implements Connection {
  readonly #client: pg.PoolClient;
  #lost: Error | null = null;
  readonly #onError = (error: Error) => {
    this.#lost ??= error;
  };

  constructor(client: pg.PoolClient) {
    this.#client = client;
    client.on('error', this.#onError);
  }

  async query(text: string, params: unknown[], shape: RowShape): Promise<Answer> {
    if (this.#lost) throw new ConnectionFailed(CONNECTION_FAILURE, this.#lost);
    try {
      return await send(this.#client, text, params, shape);
    } catch (error) {
      if (error instanceof pg.DatabaseError || error instanceof TypeError || error instanceof RangeError) throw error;
      throw new ConnectionFailed(CONNECTION_FAILURE, error);
    }
  }

  /** Back to the pool, or closed when it may not serve again (`failure`: what it last failed with; `discard`: closed whatever). */
  release(failure?: unknown, discard = false): void {
    this.#client.off('error', this.#onError);
    this.#client.release(discard || (failure !== undefined && (this.#lost !== null || !connectionUsable(failure))));
  }
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
      // Waiting for a connection (all taken, or a server that does not answer) is bounded like a statement.
      connectionTimeoutMillis: settings.statementTimeoutMs,
      // A server gone without closing the socket (a network partition) is noticed by TCP, not by a hang.
      keepAlive: true,
      types: answerTypes,
      application_name: 'swipegrid',
    });
    // An idle connection the server dropped (a restart, a failover) leaves the pool; the next query opens another.
    this.pool.on('error', () => {});
  }

  async #take(): Promise<TakenConnection> {
    try {
      return new TakenConnection(await this.pool.connect());
    } catch (error) {
      throw new ConnectionFailed(UNABLE_TO_CONNECT, error);
    }
  }

  readonly direct: Connection = {
    query: async (text, params, shape) => {
      const taken = await this.#take();
      try {
        const answer = await taken.query(text, params, shape);
        taken.release();
        return answer;
      } catch (error) {
        taken.release(error);
        throw error;
      }
    },
  };

  async begin(behavior?: 'deferred' | 'immediate' | 'exclusive'): Promise<HeldConnection> {
    const taken = await this.#take();
    try {
      // Serializable unless asked otherwise (async-database.ts ROW_LEVEL): a rule that spans rows (a
      // quota, a seat count) holds across nodes without a lock; the loser of a conflict fails with
      // 40001 and the session runs it again.
      await taken.query(behavior === 'deferred' ? 'begin' : 'begin isolation level serializable', [], 'objects');
    } catch (error) {
      taken.release(error);
      throw error;
    }
    return {
      connection: taken,
      end: async (commit) => {
        try {
          await taken.query(commit ? 'commit' : 'rollback', [], 'objects');
          taken.release();
        } catch (error) {
          // A connection whose transaction could not end is not handed to anyone else.
          taken.release(error, true);
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
