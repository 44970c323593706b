import type Database from 'better-sqlite3';
import type { Answer, Connection, Engine, HeldConnection, RowShape } from './async-database.ts';

/** How long a statement or a transaction waits for another connection's write to end (openDatabase sets busy_timeout to this). */
export const BUSY_WAIT_MS = 5_000;

const isBusy = (error: unknown) => error instanceof Error && 'code' in error && error.code === 'SQLITE_BUSY';

/**
 * A Date or a boolean passed to a hand-written query, as SQLite stores it: milliseconds, 1 or 0.
 * PostgreSQL takes them as they are (a `timestamptz`, a `boolean`), so a query passes one value to both.
 */
const needsConversion = (value: unknown) => value instanceof Date || typeof value === 'boolean';
const toSqlite = (value: unknown) => (value instanceof Date ? value.getTime() : typeof value === 'boolean' ? Number(value) : value);

/** How many prepared statements the connection keeps; the app has a few hundred texts, an IN list's length makes more. */
const STATEMENTS_KEPT = 1_000;

/**
 * SQLite behind the asynchronous session: better-sqlite3 answers at once, so a statement outside a
 * transaction runs as soon as it is asked, unless a transaction is open. A transaction is held by
 * one asynchronous section at a time (this gate): while it awaits, other requests' statements wait
 * instead of running inside it, and another transaction waits for it to end.
 */
export class SqliteEngine implements Engine {
  readonly dialect = 'sqlite';
  readonly #client: Database.Database;
  readonly #statements = new Map<string, Database.Statement>();
  #held = false;
  readonly #waiting: (() => void)[] = [];

  constructor(client: Database.Database) {
    this.#client = client;
  }

  get client(): Database.Database {
    return this.#client;
  }

  readonly direct: Connection = {
    query: async (text, params, shape, method) => {
      if (!this.#held) return this.#run(text, params, shape, method);
      await this.#take();
      try {
        return this.#run(text, params, shape, method);
      } finally {
        this.#give();
      }
    },
  };

  /**
   * Opens a transaction holding the write lock from its start (`begin immediate`): a transaction that
   * read first and wrote later could meet another connection's (a worker's, another process's) in the
   * upgrade, where SQLite gives up at once. While another connection writes, it waits here without
   * blocking the event loop (busy_timeout would sleep the whole process).
   */
  async begin(behavior: 'deferred' | 'immediate' | 'exclusive' = 'immediate'): Promise<HeldConnection> {
    await this.#take();
    const begin = behavior === 'exclusive' ? 'begin exclusive' : 'begin immediate';
    const giveUpAt = Date.now() + BUSY_WAIT_MS;
    for (let attempt = 1; ; attempt++) {
      this.#client.pragma('busy_timeout = 0');
      try {
        this.#client.exec(begin);
        break;
      } catch (error) {
        if (!isBusy(error) || Date.now() > giveUpAt) {
          this.#give();
          throw error;
        }
      } finally {
        this.#client.pragma(`busy_timeout = ${BUSY_WAIT_MS}`);
      }
      await new Promise((resolve) => setTimeout(resolve, Math.min(attempt, 20)));
    }
    const inside: Connection = { query: async (text, params, shape, method) => this.#run(text, params, shape, method) };
    return {
      connection: inside,
      end: async (commit) => {
        try {
          if (commit) this.#client.exec('commit');
          else if (this.#client.inTransaction) this.#client.exec('rollback');
        } catch (error) {
          // A commit SQLite refused leaves the transaction open: undo it before anyone else runs.
          if (this.#client.inTransaction) this.#client.exec('rollback');
          throw error;
        } finally {
          this.#give();
        }
      },
    };
  }

  /** SQLite runs one transaction at a time: none fails for having met another. */
  retryable(): boolean {
    return false;
  }

  async close(): Promise<void> {
    this.#client.close();
  }

  #take(): Promise<void> {
    if (!this.#held) {
      this.#held = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  /** Hands the gate to the next in line, or opens it. */
  #give(): void {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#held = false;
  }

  #statement(text: string): Database.Statement {
    let statement = this.#statements.get(text);
    if (!statement) {
      if (this.#statements.size >= STATEMENTS_KEPT) this.#statements.clear();
      statement = this.#client.prepare(text);
      this.#statements.set(text, statement);
    }
    return statement;
  }

  #run(text: string, params: unknown[], shape: RowShape, method: string): Answer {
    const statement = this.#statement(text);
    const values = params.some(needsConversion) ? params.map(toSqlite) : params;
    if (!statement.reader) return { rows: [], changes: statement.run(...values).changes };
    statement.raw(shape === 'arrays');
    if (method === 'get') {
      const row: unknown = statement.get(...values);
      return { rows: row === undefined ? [] : [row], changes: 0 };
    }
    return { rows: statement.all(...values), changes: 0 };
  }
}
