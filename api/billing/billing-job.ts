import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { and, eq } from 'drizzle-orm';
import { addMonths, type BillingMonth, billingMonthOf } from '../../model/billing-month.ts';
import type { Db } from '../db/open-database.ts';
import { billingRuns } from '../db/schema-billing.ts';

const CHILD = fileURLToPath(new URL('./billing-run.child.ts', import.meta.url));
const CHECK_EVERY_MS = 60 * 60_000;
/** The first look waits a minute: a server started for a moment (a test, a restart loop) never bills. */
const FIRST_CHECK_MS = 60_000;

export type BillingJob = { close(): void };

/**
 * Once the month has ended in Japan, bills it: every hour the server asks whether last month
 * has a finished run and, if not, starts one in a child process (`billing-run.child.ts`), so
 * a long run never holds the admin's event loop and a crash of it is a crash of the child; the
 * next look resumes it. One child at a time.
 */
export function startBillingJob(
  db: Db,
  database: string,
  options: { clock?: () => number; log?: (line: string) => void; firstCheckMs?: number; onBilled?: (period: BillingMonth) => void } = {},
): BillingJob {
  const now = options.clock ?? Date.now;
  let child: ChildProcess | null = null;
  const look = async () => {
    if (child) return;
    const period = addMonths(billingMonthOf(now()), -1);
    const finished = await db
      .select({ id: billingRuns.id })
      .from(billingRuns)
      .where(and(eq(billingRuns.period, period), eq(billingRuns.status, 'finished')))
      .get();
    if (finished) return;
    options.log?.(`Billing ${period}…`);
    const started = spawn(process.execPath, [CHILD, database, period, '500', '0'], { stdio: ['ignore', 'ignore', 'inherit'] });
    child = started;
    started.once('exit', (code) => {
      child = null;
      options.log?.(code === 0 ? `Billed ${period}.` : `The billing run of ${period} stopped (${code}); the next look resumes it.`);
      if (code === 0) options.onBilled?.(period);
    });
  };
  const first = setTimeout(look, options.firstCheckMs ?? FIRST_CHECK_MS);
  const every = setInterval(look, CHECK_EVERY_MS);
  first.unref();
  every.unref();
  return {
    close() {
      clearTimeout(first);
      clearInterval(every);
      child?.kill();
    },
  };
}
