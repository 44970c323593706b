// The billing run the kill -9 and parallel tests start (billing-run.test.ts): argv is the
// database file, the month, the batch size and how long to pause after each batch, so the
// test can kill it between (or during) batches. Prints `progress done/total` and `done`.
import { billingMonthSchema } from '../../model/billing-month.ts';
import { closeDatabase, openDatabase } from '../db/open-database.ts';
import { runBilling } from './billing-run.ts';

const [file, month, batch, pause] = process.argv.slice(2);
const db = await openDatabase(file!);
const pauseMs = Number(pause ?? 0);
const sleeper = new Int32Array(new SharedArrayBuffer(4));
await runBilling(db, billingMonthSchema.parse(month), {
  batchSize: Number(batch ?? 500),
  onProgress(done, total) {
    console.log(`progress ${done}/${total}`);
    if (pauseMs > 0) Atomics.wait(sleeper, 0, 0, pauseMs);
  },
});
console.log('done');
await closeDatabase(db);
