import { closeDatabase } from '../api/db/open-database.ts';
/**
 * Billing benchmark (issue 14): the monthly billing run over ACCOUNTS accounts (goal: under 60 s
 * on this machine), then the same run again (nothing left to issue). Prints the figures and
 * writes bench/results/billing.json. Run: npm run bench -- billing [--accounts 10000]
 *
 * Parts run in turn on one seeded database (bench/billing-world.ts); each returns its figures.
 * The dashboard's part (its calls at this size) goes in PARTS from a file of its own.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { runBilling } from '../api/billing/billing-run.ts';
import { type Db, openDatabase } from '../api/db/open-database.ts';
import { dashboardPart } from './billing-dashboard.ts';
import { BENCH_MONTH, seedBillingWorld } from './billing-world.ts';

type Figures = Record<string, number | string>;
type Part = { name: string; run(db: Db): Promise<Figures> };

const { values } = parseArgs({ options: { accounts: { type: 'string' } } });
const ACCOUNTS = Number(values.accounts ?? 10_000);

const billingRunPart: Part = {
  name: 'billing run',
  async run(db) {
    const started = performance.now();
    const first = await runBilling(db, BENCH_MONTH);
    const firstMs = performance.now() - started;
    const again = performance.now();
    const second = await runBilling(db, BENCH_MONTH);
    const secondMs = performance.now() - again;
    return {
      accounts: first.accountsTotal,
      invoicesIssued: first.issued,
      runSeconds: Number((firstMs / 1000).toFixed(2)),
      invoicesPerSecond: Math.round(first.issued / (firstMs / 1000)),
      secondRunSeconds: Number((secondMs / 1000).toFixed(2)),
      secondRunIssued: second.issued,
      goal: 'run under 60 s',
    };
  },
};

// The dashboard's queries read the invoices the run just made (its calls over HTTP, 13 months: npm run bench -- dashboard).
const PARTS: readonly Part[] = [billingRunPart, dashboardPart];

const dir = await mkdtemp(join(os.tmpdir(), 'swipegrid-bench-billing-'));
try {
  const db = await openDatabase(join(dir, 'bench.sqlite'));
  const seeded = performance.now();
  await seedBillingWorld(db, ACCOUNTS);
  console.log(`Seeded ${ACCOUNTS} accounts in ${((performance.now() - seeded) / 1000).toFixed(1)} s`);
  const results: Record<string, Figures> = {};
  for (const part of PARTS) {
    results[part.name] = await part.run(db);
    console.log(part.name);
    console.table(results[part.name]);
  }
  await closeDatabase(db);
  await mkdir(new URL('./results/', import.meta.url), { recursive: true });
  await writeFile(new URL('./results/billing.json', import.meta.url), `${JSON.stringify({ accounts: ACCOUNTS, ...results }, null, 2)}\n`);
} finally {
  await rm(dir, { recursive: true, force: true });
}
