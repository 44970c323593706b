import { type MessagePort, workerData } from 'node:worker_threads';
import pg from 'pg';

/**
 * The PostgreSQL side of the synchronous bridge (sync-postgres.ts): one connection, one query at a
 * time, each answered on the port and then signalled through the shared word the caller sleeps on.
 */

type Request = { text: string; values?: unknown[]; array?: boolean } | { close: true };
const { url, signal, port } = workerData as { url: string; signal: SharedArrayBuffer; port: MessagePort };
const flag = new Int32Array(signal);

// SQLite's answers: counts and sums are numbers, comparisons 1 or 0 (bigint and numeric arrive as strings otherwise).
pg.types.setTypeParser(pg.types.builtins.INT8, Number);
pg.types.setTypeParser(pg.types.builtins.NUMERIC, Number);
pg.types.setTypeParser(pg.types.builtins.BOOL, (value: string) => (value === 't' ? 1 : 0));

function answer(message: unknown): void {
  port.postMessage(message);
  Atomics.store(flag, 0, 1);
  Atomics.notify(flag, 0);
}

const field = (error: unknown, name: string): string | undefined => {
  const value: unknown = typeof error === 'object' && error !== null ? Reflect.get(error, name) : undefined;
  return typeof value === 'string' ? value : undefined;
};
const errorOf = (error: unknown) => ({ message: field(error, 'message') ?? String(error), code: field(error, 'code'), detail: field(error, 'detail'), constraint: field(error, 'constraint') });

/**
 * The connection, made again on the next query after it dropped (a database restart, a failover, an
 * idle timeout): the query that saw the drop fails, as it would on any driver, and the one after runs.
 * Inside a transaction the drop fails the transaction's remaining statements too (its BEGIN is gone).
 */
let client: pg.Client | null = null;
let inTransaction = false;

async function connected(): Promise<pg.Client> {
  if (client) return client;
  const fresh = new pg.Client({ connectionString: url });
  fresh.on('error', () => {
    if (client === fresh) client = null;
  });
  await fresh.connect();
  client = fresh;
  return fresh;
}

try {
  await connected();
  answer({ ready: true });
} catch (error) {
  answer({ error: errorOf(error) });
}

const TRANSACTION_START = /^\s*BEGIN\b/i;
const TRANSACTION_END = /^\s*(COMMIT|ROLLBACK)\s*$/i;

port.on('message', async (request: Request) => {
  if ('close' in request) {
    await client?.end().catch(() => {});
    answer({ closed: true });
    port.close();
    return;
  }
  try {
    if (!client && inTransaction && !TRANSACTION_END.test(request.text)) throw new Error('The connection to PostgreSQL dropped inside this transaction.');
    const db = await connected();
    const result = request.array ? await db.query({ text: request.text, values: request.values, rowMode: 'array' }) : await db.query({ text: request.text, values: request.values });
    if (TRANSACTION_START.test(request.text)) inTransaction = true;
    if (TRANSACTION_END.test(request.text)) inTransaction = false;
    answer({ rows: result.rows, rowCount: result.rowCount ?? 0 });
  } catch (error) {
    if (TRANSACTION_END.test(request.text)) inTransaction = false;
    answer({ error: errorOf(error) });
  }
});
