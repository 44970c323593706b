import { closeDatabase } from '../db/open-database.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from '../db/open-database.ts';
import { billingRuns, invoices } from '../db/schema-billing.ts';
import { addAccount, addIssuer, addPlan } from './billing-fixture.ts';
import { type BillingJob, startBillingJob } from './billing-job.ts';

let dir: string;
let file: string;
let db: Db;
let job: BillingJob | undefined;

beforeEach(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'billing-job-'));
  file = path.join(dir, 'db.sqlite');
  db = await openDatabase(file);
  await addPlan(db, { id: 'light', price: 30_000, initialFee: 100_000, licenseFee: 0, limitAccess: 30_000, limitAccessPrice: 1_000 });
  await addIssuer(db, 'platform', '株式会社スワイプグリッド', 'T1234567890123');
  await addAccount(db, { id: 'root', type: 'MASTER' });
  await addAccount(db, { id: 'user', type: 'USER', parentId: 'root', subscriptions: [['light', '2026-01']] });
});

afterEach(async () => {
  job?.close();
  await closeDatabase(db);
  rmSync(dir, { recursive: true, force: true });
});

const until = async (done: () => boolean) => {
  for (let waited = 0; !done(); waited += 100) {
    if (waited > 30_000) throw new Error('the job did not finish within 30 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

describe('the billing job', () => {
  it('bills last month once it has ended in Japan, and not again', async () => {
    // 1 November 2026, 00:30 in Tokyo: still 31 October in UTC, but October is over.
    const logs: string[] = [];
    job = startBillingJob(db, file, { clock: () => Date.parse('2026-10-31T15:30:00Z'), log: (line) => logs.push(line), firstCheckMs: 0 });
    await until(() => logs.includes('Billed 2026-10.'));
    expect(await db.select().from(billingRuns).all()).toEqual([expect.objectContaining({ period: '2026-10', status: 'finished' })]);
    expect(await db.select({ accountId: invoices.accountId, period: invoices.period, total: invoices.total }).from(invoices).all()).toEqual([{ accountId: 'user', period: '2026-10', total: 33_000 }]);
    job.close();
    job = startBillingJob(db, file, { clock: () => Date.parse('2026-10-31T15:30:00Z'), log: (line) => logs.push(line), firstCheckMs: 0 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(logs.filter((line) => line.startsWith('Billing'))).toEqual(['Billing 2026-10…']);
  });
});
