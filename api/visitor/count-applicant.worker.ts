// A separate thread with its own connection to the same database, trying to count applicants
// at the same time as others: the test of countApplicant under real concurrency.
import { parentPort, workerData } from 'node:worker_threads';
import { closeDatabase, openDatabase } from '../db/open-database.ts';
import { countApplicant } from './count-applicant.ts';

const { file, siteId, popupId, room, attempts, start } = workerData as { file: string; siteId: string; popupId: string; room: number; attempts: number; start: SharedArrayBuffer };
const db = await openDatabase(file);
// Every thread says it is ready and waits until all are, then they race.
parentPort!.postMessage('ready');
Atomics.wait(new Int32Array(start), 0, 0);
const counted: number[] = [];
for (let i = 0; i < attempts; i++) {
  const result = await countApplicant(db, siteId, popupId, room);
  if (result !== null) counted.push(result);
}
await closeDatabase(db);
parentPort!.postMessage(counted);
