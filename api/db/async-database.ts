import { AsyncLocalStorage } from 'node:async_hooks';
import { entityKind, mapResultRow } from 'drizzle-orm';
import type { ExtractTablesWithRelations, RelationalSchemaConfig, TablesRelationalConfig } from 'drizzle-orm/relations';
import { fillPlaceholders, type Query } from 'drizzle-orm/sql';
import {
  BaseSQLiteDatabase,
  type PreparedQueryConfig,
  type SelectedFieldsOrdered,
  type SQLiteAsyncDialect,
  type SQLiteExecuteMethod,
  SQLitePreparedQuery,
  SQLiteSession,
  SQLiteTransaction,
} from 'drizzle-orm/sqlite-core';

/**
 * The one query surface of the app on both databases (docs/decisions.md, "Asynchronous data access
 * on both databases"): drizzle's SQLite query builder in its asynchronous mode, run by a session that
 * hands each statement to an engine (sqlite-engine.ts or pg/postgres-engine.ts). Query code is written
 * once against these types; what differs between the dialects is the engine and, for the few
 * hand-written fragments, dialect-sql.ts.
 */

export type RunResult = { changes: number };

/** A statement's answer: rows as objects, or as arrays of values in column order (what drizzle maps selected fields from). */
export type Answer = { rows: unknown[]; changes: number };
export type RowShape = 'objects' | 'arrays';

/** Somewhere statements run: the SQLite connection, a pooled PostgreSQL connection, or the one a transaction holds. */
export interface Connection {
  query(text: string, params: unknown[], shape: RowShape, method: SQLiteExecuteMethod): Promise<Answer>;
}

/** A transaction's connection, held until `end`. */
export interface HeldConnection {
  readonly connection: Connection;
  end(commit: boolean): Promise<void>;
}

/** What a dialect offers the session. */
export interface Engine {
  readonly dialect: 'sqlite' | 'postgres';
  /** Statements outside any transaction. */
  readonly direct: Connection;
  /** Opens a transaction (`begin` or `begin immediate` on SQLite; serializable on PostgreSQL). */
  begin(behavior?: 'deferred' | 'immediate' | 'exclusive'): Promise<HeldConnection>;
  /** Whether a transaction that failed this way may simply run again (PostgreSQL's serialization failures and deadlocks). */
  retryable(error: unknown): boolean;
  close(): Promise<void>;
}

/**
 * The transaction open in this asynchronous section, if any. A query made on the database handle
 * (not the transaction's) from inside the transaction's callback runs in the transaction too, as it
 * did when SQLite's transactions were synchronous: otherwise it would wait for the transaction it is
 * part of (SQLite) or for the rows it holds (PostgreSQL).
 */
const openTransaction = new AsyncLocalStorage<{ engine: Engine; connection: Connection; savepoints: { next: number } }>();

declare module 'drizzle-orm' {
  /** drizzle's row mapper (utils.js): exported at run time, left out of its declarations. */
  export function mapResultRow<T>(columns: SelectedFieldsOrdered, row: unknown[], joinsNotNullableMap: Record<string, boolean> | undefined): T;
}

type Schema = Record<string, unknown>;

/** How many times a transaction runs before its serialization failure reaches the caller. */
const TRANSACTION_ATTEMPTS = 30;

/**
 * For a transaction whose rules are all kept by single statements (an upsert's conditional update,
 * a unique index) and the row locks they take: on PostgreSQL it runs read committed, so parallel
 * requests on one hot row (a login counter, a batch of events) wait for each other's lock instead
 * of failing and running again. Every other transaction is serializable.
 */
export const ROW_LEVEL: { behavior: 'deferred' } = { behavior: 'deferred' };

class EngineSession<TFullSchema extends Schema, TSchema extends TablesRelationalConfig> extends SQLiteSession<'async', RunResult, TFullSchema, TSchema> {
  static override readonly [entityKind]: string = 'SwipegridEngineSession';

  readonly engine: Engine;
  readonly dialectOf: SQLiteAsyncDialect;
  readonly schema: RelationalSchemaConfig<TSchema> | undefined;
  /** The transaction's connection, for a session that belongs to one. */
  readonly held: Connection | undefined;

  constructor(engine: Engine, dialect: SQLiteAsyncDialect, schema: RelationalSchemaConfig<TSchema> | undefined, held: Connection | undefined) {
    super(dialect);
    this.engine = engine;
    this.dialectOf = dialect;
    this.schema = schema;
    this.held = held;
  }

  connection(): Connection {
    if (this.held) return this.held;
    const open = openTransaction.getStore();
    return open?.engine === this.engine ? open.connection : this.engine.direct;
  }

  override prepareQuery<T extends PreparedQueryConfig & { type: 'async' }>(
    query: Query,
    fields: SelectedFieldsOrdered | undefined,
    executeMethod: SQLiteExecuteMethod,
    isResponseInArrayMode: boolean,
    customResultMapper?: (rows: unknown[][]) => unknown,
  ): EnginePreparedQuery<T> {
    return new EnginePreparedQuery<T>(() => this.connection(), query, fields, executeMethod, isResponseInArrayMode, customResultMapper);
  }

  override async transaction<T>(work: (tx: SQLiteTransaction<'async', RunResult, TFullSchema, TSchema>) => Promise<T>, config?: { behavior?: 'deferred' | 'immediate' | 'exclusive' }): Promise<T> {
    const open = openTransaction.getStore();
    if (this.held || open?.engine === this.engine) {
      // Inside a transaction already: this one is a savepoint of it.
      const connection = this.connection();
      const savepoints = open?.savepoints ?? { next: 0 };
      const session = new EngineSession<TFullSchema, TSchema>(this.engine, this.dialectOf, this.schema, connection);
      return inSavepoint(connection, `s${savepoints.next++}`, () => work(new EngineTransaction<TFullSchema, TSchema>(this.dialectOf, session, this.schema, 1)));
    }
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.#once(work, config?.behavior);
      } catch (error) {
        if (attempt >= TRANSACTION_ATTEMPTS || !this.engine.retryable(error)) throw error;
        // Two transactions that touched the same rows: let them drift apart before the loser runs again
        // (more each time, so a crowd on one row thins out).
        await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(200, 2 ** attempt)));
      }
    }
  }

  async #once<T>(work: (tx: SQLiteTransaction<'async', RunResult, TFullSchema, TSchema>) => Promise<T>, behavior: 'deferred' | 'immediate' | 'exclusive' | undefined): Promise<T> {
    const held = await this.engine.begin(behavior);
    const session = new EngineSession<TFullSchema, TSchema>(this.engine, this.dialectOf, this.schema, held.connection);
    const tx = new EngineTransaction<TFullSchema, TSchema>(this.dialectOf, session, this.schema, 0);
    let result: T;
    try {
      result = await openTransaction.run({ engine: this.engine, connection: held.connection, savepoints: { next: 0 } }, () => work(tx));
    } catch (error) {
      await held.end(false);
      throw error;
    }
    await held.end(true);
    return result;
  }
}

async function inSavepoint<T>(connection: Connection, name: string, work: () => Promise<T>): Promise<T> {
  await connection.query(`savepoint ${name}`, [], 'objects', 'run');
  try {
    const result = await work();
    await connection.query(`release savepoint ${name}`, [], 'objects', 'run');
    return result;
  } catch (error) {
    await connection.query(`rollback to savepoint ${name}`, [], 'objects', 'run');
    throw error;
  }
}

class EngineTransaction<TFullSchema extends Schema, TSchema extends TablesRelationalConfig> extends SQLiteTransaction<'async', RunResult, TFullSchema, TSchema> {
  static override readonly [entityKind]: string = 'SwipegridEngineTransaction';
  readonly #session: EngineSession<TFullSchema, TSchema>;
  readonly #dialect: SQLiteAsyncDialect;
  readonly #schema: RelationalSchemaConfig<TSchema> | undefined;
  readonly #depth: number;

  constructor(dialect: SQLiteAsyncDialect, session: EngineSession<TFullSchema, TSchema>, schema: RelationalSchemaConfig<TSchema> | undefined, depth: number) {
    super('async', dialect, session, schema, depth);
    this.#session = session;
    this.#dialect = dialect;
    this.#schema = schema;
    this.#depth = depth;
  }

  /** A nested transaction is a savepoint: a failure inside it (a unique violation caught to try another value) leaves the outer one usable. */
  override async transaction<T>(work: (tx: SQLiteTransaction<'async', RunResult, TFullSchema, TSchema>) => Promise<T>): Promise<T> {
    const connection = this.#session.connection();
    const nested = new EngineTransaction<TFullSchema, TSchema>(this.#dialect, this.#session, this.#schema, this.#depth + 1);
    return inSavepoint(connection, `t${this.#depth}`, () => work(nested));
  }
}

class EnginePreparedQuery<T extends PreparedQueryConfig & { type: 'async' }> extends SQLitePreparedQuery<T> {
  static override readonly [entityKind]: string = 'SwipegridEnginePreparedQuery';

  /** Set by drizzle's select builder on the query it prepares: which joined tables may be null. */
  declare joinsNotNullableMap: Record<string, boolean> | undefined;
  readonly #connection: () => Connection;
  readonly #fields: SelectedFieldsOrdered | undefined;
  readonly #arrayMode: boolean;
  readonly #customResultMapper: ((rows: unknown[][]) => unknown) | undefined;

  constructor(
    connection: () => Connection,
    query: Query,
    fields: SelectedFieldsOrdered | undefined,
    executeMethod: SQLiteExecuteMethod,
    arrayMode: boolean,
    customResultMapper?: (rows: unknown[][]) => unknown,
  ) {
    super('async', executeMethod, query);
    this.#connection = connection;
    this.#fields = fields;
    this.#arrayMode = arrayMode;
    this.#customResultMapper = customResultMapper;
  }

  #send(placeholderValues: Record<string, unknown> | undefined, shape: RowShape, method: SQLiteExecuteMethod): Promise<Answer> {
    const params = fillPlaceholders(this.query.params, placeholderValues ?? {});
    return this.#connection().query(this.query.sql, params, shape, method);
  }

  override async run(placeholderValues?: Record<string, unknown>): Promise<T['run']> {
    const { changes } = await this.#send(placeholderValues, 'objects', 'run');
    return { changes } satisfies RunResult;
  }

  override async all(placeholderValues?: Record<string, unknown>): Promise<T['all']> {
    if (!this.#fields && !this.#customResultMapper) return (await this.#send(placeholderValues, 'objects', 'all')).rows;
    const rows = (await this.#send(placeholderValues, 'arrays', 'all')).rows as unknown[][];
    if (this.#customResultMapper) return this.#customResultMapper(rows);
    const fields = this.#fields;
    return fields ? rows.map((row) => mapResultRow(fields, row, this.joinsNotNullableMap)) : rows;
  }

  override async get(placeholderValues?: Record<string, unknown>): Promise<T['get']> {
    if (!this.#fields && !this.#customResultMapper) return (await this.#send(placeholderValues, 'objects', 'get')).rows[0];
    const row = (await this.#send(placeholderValues, 'arrays', 'get')).rows[0] as unknown[] | undefined;
    if (!row) return undefined;
    if (this.#customResultMapper) return this.#customResultMapper([row]);
    const fields = this.#fields;
    return fields ? mapResultRow(fields, row, this.joinsNotNullableMap) : row;
  }

  override async values(placeholderValues?: Record<string, unknown>): Promise<T['values']> {
    return (await this.#send(placeholderValues, 'arrays', 'all')).rows;
  }

  /** @internal drizzle asks this to decide how relational queries map rows. */
  isResponseInArrayMode(): boolean {
    return this.#arrayMode;
  }
}

export type AsyncDatabase<TFullSchema extends Schema> = BaseSQLiteDatabase<'async', RunResult, TFullSchema, ExtractTablesWithRelations<TFullSchema>>;

/** The database over an engine; `schema` gives drizzle's relational API its tables. */
export function databaseOver<TFullSchema extends Schema>(engine: Engine, dialect: SQLiteAsyncDialect, schema: RelationalSchemaConfig<ExtractTablesWithRelations<TFullSchema>> | undefined) {
  const session = new EngineSession<TFullSchema, ExtractTablesWithRelations<TFullSchema>>(engine, dialect, schema, undefined);
  return new BaseSQLiteDatabase<'async', RunResult, TFullSchema, ExtractTablesWithRelations<TFullSchema>>('async', dialect, session, schema);
}
