import { parseArgs } from 'node:util';
import { loadConfig } from '../api/config.ts';
import { closeDatabase, openDatabase } from '../api/db/open-database.ts';
import { runBilling } from '../api/billing/billing-run.ts';
import { billingMonthOf, billingMonthSchema } from '../model/billing-month.ts';

const USAGE = 'Usage: npm run billing -- --month YYYY-MM (a month that has ended, Japan time)';

/**
 * Bills a month by hand (the server bills last month by itself once it has ended): one invoice
 * per billable account, safe to run again or after a crash. Prints progress and what it issued.
 */
async function main() {
  const { values } = parseArgs({ options: { month: { type: 'string' }, help: { type: 'boolean' } } });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const parsed = billingMonthSchema.safeParse(values.month);
  if (!parsed.success) fail(values.month === undefined ? 'No month given.' : `"${values.month}" is not a month: write it as YYYY-MM, e.g. 2026-11.`);
  const month = parsed.data;
  const current = billingMonthOf(Date.now());
  if (month >= current) fail(`${month} has not ended yet in Japan (it is ${current} there): only a past month can be billed.`);
  const db = await openDatabase(loadConfig().database);
  const started = Date.now();
  const result = await runBilling(db, month, { onProgress: (done, total) => process.stdout.write(`\r${done}/${total} accounts`) });
  process.stdout.write('\n');
  console.log(
    `${month}: ${result.accountsTotal} accounts, ${result.issued} invoices issued${result.waitingForIssuer ? `, ${result.waitingForIssuer} drafts waiting for their issuer's company name and registration number` : ''} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  await closeDatabase(db);
}

function fail(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(2);
}

await main();
