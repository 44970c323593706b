import { MessageChannel, receiveMessageOnPort, Worker } from 'node:worker_threads';
import { translateSql } from './translate-sql.ts';

/**
 * PostgreSQL behind better-sqlite3's synchronous surface, so every query of the app (drizzle's
 * better-sqlite3 driver and the few prepared statements written by hand) runs unchanged on either
 * database. A worker thread holds one connection; a query posts the SQL to it and sleeps on a shared
 * word until the answer is there (docs/decisions.md, "PostgreSQL through a synchronous bridge").
 * Like SQLite in this process, queries run one at a time; a transaction also takes one advisory lock
 * so that, as with SQLite's single writer, no two processes interleave their transactions.
 */

type Answer = { rows?: unknown[]; rowCount?: number; ready?: true; closed?: true; error?: { message: string; code?: string; detail?: string; constraint?: string } };

/** The lock every transaction holds until it ends: SQLite's one-writer rule, across every node sharing the database. */
const WRITE_LOCK = 7_361_055_218;
/** A query that has not answered in this long has lost its worker. */
const ANSWER_TIMEOUT_MS = 10 * 60_000;
/** How many translated statement texts a connection keeps before starting again. */
const TRANSLATIONS_KEPT = 2_000;

/** A PostgreSQL error with its SQLSTATE in `code` (23505: unique violation). */
export class PostgresError extends Error {
  readonly code: string | undefined;
  readonly detail: string | undefined;
  constructor(error: NonNullable<Answer['error']>, sql: string) {
    super(`${error.message}${error.detail ? ` (${error.detail})` : ''}\n  in: ${sql.slice(0, 500)}`);
    this.name = 'PostgresError';
    this.code = error.code;
    this.detail = error.detail;
  }
}

export type RunResult = { changes: number; lastInsertRowid: number };

function toParameter(value: unknown): unknown {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'bigint') return value.toString();
  if (value === undefined) return null;
  return value;
}

// Rows cross the thread as structured clones, where a Buffer arrives as a plain Uint8Array.
function restoreBuffers(rows: unknown[]): unknown[] {
  for (const row of rows) {
    if (typeof row !== 'object' || row === null) continue;
    for (const [key, cell] of Object.entries(row)) {
      if (cell instanceof Uint8Array && !Buffer.isBuffer(cell)) Reflect.set(row, key, Buffer.from(cell.buffer, cell.byteOffset, cell.byteLength));
    }
  }
  return rows;
}

export class SyncPostgres {
  readonly #worker: Worker;
  readonly #port: MessageChannel['port1'];
  readonly #flag = new Int32Array(new SharedArrayBuffer(4));
  #depth = 0;
  #open = true;
  // drizzle's driver prepares its statement again at every run, so each text is translated once here.
  readonly #translated = new Map<string, ReturnType<typeof translateSql>>();

  constructor(url: string) {
    const { port1, port2 } = new MessageChannel();
    this.#port = port1;
    this.#worker = new Worker(new URL('./bridge.worker.ts', import.meta.url), { workerData: { url, signal: this.#flag.buffer, port: port2 }, transferList: [port2] });
    this.#worker.unref();
    this.#await('connect');
  }

  get open(): boolean {
    return this.#open;
  }

  get inTransaction(): boolean {
    return this.#depth > 0;
  }

  #await(sql: string): Answer {
    const waited = Atomics.wait(this.#flag, 0, 0, ANSWER_TIMEOUT_MS);
    if (waited === 'timed-out') throw new Error(`PostgreSQL did not answer within ${ANSWER_TIMEOUT_MS / 60_000} minutes: ${sql.slice(0, 200)}`);
    Atomics.store(this.#flag, 0, 0);
    const received = receiveMessageOnPort(this.#port);
    const answer: Answer | undefined = received?.message;
    if (!answer) throw new Error('The PostgreSQL bridge signalled without an answer.');
    if (answer.error) throw new PostgresError(answer.error, sql);
    return answer;
  }

  /** Runs one statement already in PostgreSQL's dialect, waiting for its answer. */
  query(text: string, values: unknown[] = [], array = false): { rows: unknown[]; rowCount: number } {
    if (!this.#open) throw new TypeError('The database connection is not open');
    this.#port.postMessage({ text, values: values.map(toParameter), array });
    const answer = this.#await(text);
    return { rows: restoreBuffers(answer.rows ?? []), rowCount: answer.rowCount ?? 0 };
  }

  prepare(sql: string): PostgresStatement {
    let translated = this.#translated.get(sql);
    if (!translated) {
      // Texts are few (the app's queries), but an IN list's length or a raw fragment makes new ones: the memory stays bounded.
      if (this.#translated.size >= TRANSLATIONS_KEPT) this.#translated.clear();
      translated = translateSql(sql);
      this.#translated.set(sql, translated);
    }
    return new PostgresStatement(this, translated);
  }

  exec(sql: string): this {
    this.query(sql);
    return this;
  }

  /** better-sqlite3's `db.transaction(fn)`: nested calls become savepoints; a callback may not return a promise. */
  transaction<A extends unknown[], R>(work: (...args: A) => R): ((...args: A) => R) & Record<'deferred' | 'immediate' | 'exclusive', (...args: A) => R> {
    const run = (...args: A): R => {
      const depth = this.#depth;
      if (depth === 0) {
        // One round trip: without parameters node-postgres sends both in one simple query.
        this.query(`BEGIN; SELECT pg_advisory_xact_lock(${WRITE_LOCK})`);
      } else this.query(`SAVEPOINT s${depth}`);
      this.#depth = depth + 1;
      try {
        const result = work(...args);
        if (result instanceof Promise) throw new TypeError('Transaction function cannot return a promise');
        this.#depth = depth;
        this.query(depth === 0 ? 'COMMIT' : `RELEASE SAVEPOINT s${depth}`);
        return result;
      } catch (error) {
        this.#depth = depth;
        this.query(depth === 0 ? 'ROLLBACK' : `ROLLBACK TO SAVEPOINT s${depth}`);
        throw error;
      }
    };
    return Object.assign(run, { deferred: run, immediate: run, exclusive: run });
  }

  close(): this {
    if (!this.#open) return this;
    this.#open = false;
    this.#port.postMessage({ close: true });
    try {
      this.#await('close');
    } finally {
      this.#port.close();
      void this.#worker.terminate();
    }
    return this;
  }
}

/** A prepared statement with better-sqlite3's methods: positional `?` or named `@x`/`:x`/`$x` parameters. */
export class PostgresStatement {
  readonly #db: SyncPostgres;
  readonly #sql: string;
  readonly #names: string[];
  #raw = false;
  #pluck = false;

  constructor(db: SyncPostgres, translated: ReturnType<typeof translateSql>) {
    this.#db = db;
    this.#sql = translated.text;
    this.#names = translated.names;
  }

  get source(): string {
    return this.#sql;
  }

  raw(toggle = true): this {
    this.#raw = toggle;
    return this;
  }

  pluck(toggle = true): this {
    this.#pluck = toggle;
    return this;
  }

  #values(args: unknown[]): unknown[] {
    const only = args[0];
    if (this.#names.length > 0 && args.length === 1 && typeof only === 'object' && only !== null && !Array.isArray(only) && !Buffer.isBuffer(only)) {
      return this.#names.map((name) => Reflect.get(only, name));
    }
    return args.flatMap((arg) => (Array.isArray(arg) ? arg : [arg]));
  }

  #rows(args: unknown[]): unknown[] {
    const { rows } = this.#db.query(this.#sql, this.#values(args), this.#raw || this.#pluck);
    return this.#pluck ? rows.map((row) => (Array.isArray(row) ? row[0] : undefined)) : rows;
  }

  run(...args: unknown[]): RunResult {
    const { rowCount } = this.#db.query(this.#sql, this.#values(args));
    return { changes: rowCount, lastInsertRowid: 0 };
  }

  get(...args: unknown[]): unknown {
    return this.#rows(args)[0];
  }

  all(...args: unknown[]): unknown[] {
    return this.#rows(args);
  }

  iterate(...args: unknown[]): IterableIterator<unknown> {
    return this.#rows(args)[Symbol.iterator]();
  }
}
