// The analytics writer thread (api/event-writer.ts starts it): its own connection to the server's
// database; commits the event batches the main thread sends, and folds them into the rollups.
import { parentPort, workerData } from 'node:worker_threads';
import { startRollupJob } from './analytics/rollup-job.ts';
import { closeDatabase, openDatabase } from './db/open-database.ts';
import type { EventWriterAnswer, EventWriterData, EventWriterRequest } from './event-writer.ts';
import { experimentArmOf } from './experiments/event-arm.ts';
import { insertEventBatch } from './visitor/event-insert.ts';

const { file, rollupEveryMs, postgres } = workerData as EventWriterData;
const port = parentPort!;
const answer = (message: EventWriterAnswer) => port.postMessage(message);
// The main thread sends nothing before 'ready'.
const db = await openDatabase(file, postgres);
// In this thread, between batches of events: the fold and the inserts never wait for each other's lock.
const rollups = startRollupJob(db, { everyMs: rollupEveryMs, armOf: experimentArmOf(db), log: (line) => answer({ log: line }) });

answer({ kind: 'ready' });
// The port does not await its listener: the main thread sends one batch at a time, and 'fold' or
// 'stop' once its batches are answered, so messages need no queue here. 'done' is answered after the fold.
port.on('message', async (request: EventWriterRequest) => {
  if (request.kind === 'insert') {
    try {
      // Made by bindEventRows in this program's main thread: only its shape is checked.
      const values: unknown = JSON.parse(request.values);
      if (!Array.isArray(values)) throw new Error('an event batch is not an array');
      await insertEventBatch(db, values);
      answer({ kind: 'stored', batch: request.batch });
    } catch (error) {
      answer({ kind: 'failed', batch: request.batch, error: error instanceof Error ? error.message : String(error) });
    }
    return;
  }
  // Stopped first: no tick of the job starts while the last fold runs, or after the database is closed.
  if (request.kind === 'stop') rollups.stop();
  await rollups.runNow();
  if (request.kind === 'stop') await closeDatabase(db);
  answer({ kind: 'done', asked: request.kind });
  if (request.kind === 'stop') port.close();
});
