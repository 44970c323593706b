// The analytics writer thread (api/event-writer.ts starts it): its own connection to the server's
// SQLite file; commits the event batches the main thread sends, and folds them into the rollups.
import { parentPort, workerData } from 'node:worker_threads';
import { startRollupJob } from './analytics/rollup-job.ts';
import { openDatabase } from './db/open-database.ts';
import type { EventWriterAnswer, EventWriterData, EventWriterRequest } from './event-writer.ts';
import { experimentArmOf } from './experiments/event-arm.ts';
import { prepareEventInsert } from './visitor/event-insert.ts';

const { file, rollupEveryMs } = workerData as EventWriterData;
const port = parentPort!;
const answer = (message: EventWriterAnswer) => port.postMessage(message);
const db = openDatabase(file);
const insertValues = prepareEventInsert(db.$client);
const insertBatch = db.$client.transaction((values: readonly unknown[]) => insertValues(values));
// In this thread, between batches of events: the fold and the inserts never wait for each other's lock.
const rollups = startRollupJob(db, { everyMs: rollupEveryMs, armOf: experimentArmOf(db), log: (line) => answer({ log: line }) });

answer({ kind: 'ready' });
port.on('message', (request: EventWriterRequest) => {
  if (request.kind === 'insert') {
    try {
      // Made by bindEventRows in this program's main thread: only its shape is checked.
      const values: unknown = JSON.parse(request.values);
      if (!Array.isArray(values)) throw new Error('an event batch is not an array');
      insertBatch(values);
      answer({ kind: 'stored', batch: request.batch });
    } catch (error) {
      answer({ kind: 'failed', batch: request.batch, error: error instanceof Error ? error.message : String(error) });
    }
    return;
  }
  rollups.runNow();
  if (request.kind === 'stop') {
    rollups.stop();
    db.$client.close();
  }
  answer({ kind: 'done', asked: request.kind });
  if (request.kind === 'stop') port.close();
});
