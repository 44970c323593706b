import { and, eq, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import { JAPAN_TIME_ZONE, localDate } from '../../model/zoned-calendar.ts';
import type { Storage } from '../../storage/storage.ts';
import type { Db } from '../db/open-database.ts';
import { accounts, sites } from '../db/schema.ts';
import { unpublishSite } from '../publishing/unpublish-site.ts';

/**
 * A contract has ended (spec B §1 "sites become unpublished after the contract ends", §4) when it
 * is suspended or terminated, or when its expiry date has come in Japan time (the expiry date is
 * the first day without a contract). An inactive contract (not yet contracted) is not an end:
 * such an account is being set up (docs/decisions.md).
 */
function ended(today: string) {
  return or(inArray(accounts.contractState, ['suspended', 'terminated']), and(isNotNull(accounts.contractExpiry), lte(accounts.contractExpiry, today)));
}

/**
 * Unpublishes the live sites of every account whose contract has ended at `now`, marking each
 * with `unpublishedByContractAt` so a resumed contract brings back exactly those (a site its
 * owner had unpublished stays down). A site already down is left alone: running it again does nothing.
 * Answers the sites it took down.
 */
export async function unpublishEndedContracts(db: Db, storage: Storage, now: number): Promise<string[]> {
  const today = localDate(JAPAN_TIME_ZONE, now);
  const live = await db
    .select({ id: sites.id })
    .from(sites)
    .innerJoin(accounts, eq(accounts.id, sites.ownerId))
    .where(and(isNotNull(sites.liveVersion), ended(today)))
    .all();
  const down: string[] = [];
  for (const { id } of live) {
    if (!(await unpublishSite(db, storage, id))) continue;
    await db
      .update(sites)
      .set({ unpublishedByContractAt: new Date(now) })
      .where(eq(sites.id, id))
      .run();
    down.push(id);
  }
  return down;
}

/**
 * The sites a contract's end took down whose owner's contract runs again at `now` (resumed, or
 * its expiry moved on): their mark is cleared and they are answered, for the caller to publish
 * them again. A terminated contract never comes back (spec B §4: irreversible).
 */
export async function sitesToRepublish(db: Db, now: number): Promise<string[]> {
  const today = localDate(JAPAN_TIME_ZONE, now);
  const back = (
    await db
      .select({ id: sites.id })
      .from(sites)
      .innerJoin(accounts, eq(accounts.id, sites.ownerId))
      .where(and(isNotNull(sites.unpublishedByContractAt), eq(accounts.contractState, 'active'), or(isNull(accounts.contractExpiry), sql`${accounts.contractExpiry} > ${today}`)))
      .all()
  ).map((row) => row.id);
  if (back.length > 0) await db.update(sites).set({ unpublishedByContractAt: null }).where(inArray(sites.id, back)).run();
  return back;
}
