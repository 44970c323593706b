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

const client = new pg.Client({ connectionString: url });
client.on('error', () => {
  // A dropped connection fails the next query with its own error; nothing to do between queries.
});
try {
  await client.connect();
  answer({ ready: true });
} catch (error) {
  answer({ error: errorOf(error) });
}

port.on('message', async (request: Request) => {
  if ('close' in request) {
    await client.end().catch(() => {});
    answer({ closed: true });
    port.close();
    return;
  }
  try {
    const result = request.array ? await client.query({ text: request.text, values: request.values, rowMode: 'array' }) : await client.query({ text: request.text, values: request.values });
    answer({ rows: result.rows, rowCount: result.rowCount ?? 0 });
  } catch (error) {
    answer({ error: errorOf(error) });
  }
});
