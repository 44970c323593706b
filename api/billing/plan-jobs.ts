import { billingMonthOf } from '../../model/billing-month.ts';
import { JAPAN_TIME_ZONE, addDays, dayStart, localDate } from '../../model/zoned-calendar.ts';
import type { Storage } from '../../storage/storage.ts';
import type { Db } from '../db/open-database.ts';
import { applyDuePlanChanges } from './apply-plan-changes.ts';
import { sitesToRepublish, unpublishEndedContracts } from './contract-end.ts';
import { syncSubscriptions } from './sync-subscriptions.ts';
import { liveSitesUnderPlanOf } from './live-sites-under-plan.ts';

/** How often contract states are looked at between midnights: a suspension takes the sites down within this. */
const CONTRACT_CHECK_EVERY_MS = 10 * 60 * 1000;

export type PlanJobsDeps = {
  db: Db;
  storage: Storage;
  /** Queues a publish of a site (the publish jobs' start). */
  republish: (siteId: string) => Promise<unknown>;
  clock?: () => Date;
  log?: (line: string) => void;
};

export type PlanRunResult = { plansApplied: string[]; unpublished: string[]; republished: string[] };

/**
 * The plan and contract jobs (Japan time): due plan changes applied (and the sites they govern
 * published again, so the powered-by footer follows the plan), ended contracts' sites
 * unpublished, resumed contracts' sites published again. Runs on start (for a server that was
 * down at the month's start), at every midnight in Tokyo, and every few minutes for contract states.
 */
export function createPlanJobs(deps: PlanJobsDeps) {
  const { db, storage, republish } = deps;
  const now = () => deps.clock?.().getTime() ?? Date.now();
  let timer: NodeJS.Timeout | undefined;
  let interval: NodeJS.Timeout | undefined;
  let running: Promise<PlanRunResult> | undefined;

  async function run(): Promise<PlanRunResult> {
    const at = now();
    await syncSubscriptions(db, billingMonthOf(at));
    const changed = await applyDuePlanChanges(db, at);
    for (const accountId of changed) for (const siteId of await liveSitesUnderPlanOf(db, accountId)) await republish(siteId);
    const unpublished = await unpublishEndedContracts(db, storage, at);
    const republished = await sitesToRepublish(db, at);
    for (const siteId of republished) await republish(siteId);
    return { plansApplied: changed, unpublished, republished };
  }

  /** One run at a time: a tick that comes while one runs waits for it and shares its result. */
  function runDue(): Promise<PlanRunResult> {
    running ??= run().finally(() => {
      running = undefined;
    });
    return running;
  }

  const tick = () => {
    runDue().catch((error: unknown) => deps.log?.(`Plan jobs failed: ${error instanceof Error ? error.message : String(error)}`));
  };

  function scheduleMidnight(): void {
    const at = now();
    const next = dayStart(JAPAN_TIME_ZONE, addDays(localDate(JAPAN_TIME_ZONE, at), 1));
    timer = setTimeout(() => {
      tick();
      scheduleMidnight();
    }, next - at);
    timer.unref();
  }

  return {
    runDue,
    start(): void {
      tick();
      scheduleMidnight();
      interval = setInterval(tick, CONTRACT_CHECK_EVERY_MS);
      interval.unref();
    },
    async stop(): Promise<void> {
      clearTimeout(timer);
      clearInterval(interval);
      await running?.catch(() => undefined);
    },
  };
}
