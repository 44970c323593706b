import { randomUUID } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import type { z } from 'zod';
import { addMonths, billingMonthOf } from '../../model/billing-month.ts';
import { needsAgreement, type planChangeRequestSchema } from '../../model/plan-change.ts';
import type { Db } from '../db/open-database.ts';
import { accounts } from '../db/schema.ts';
import { planChanges } from '../db/schema-billing.ts';
import { AppError, fieldError } from '../http/errors.ts';
import { choosablePlans } from './choosable-plans.ts';

/**
 * Records an account's request for another plan, effective the 1st of the month after `now` in
 * Japan time (spec B §1); until then the account keeps its plan. One pending request per account:
 * the check and the insert share a transaction with no await, and the partial unique index
 * (plan_changes_one_pending) refuses a second one written by another process.
 */
export async function requestPlanChange(db: Db, accountId: string, requestedBy: string, input: z.output<typeof planChangeRequestSchema>, now: number): Promise<void> {
  await db.transaction(async (tx) => {
    const account = await tx.select({ planId: accounts.planId }).from(accounts).where(eq(accounts.id, accountId)).get();
    if (!account?.planId) throw new AppError('bad_request', 'noPlanOfItsOwn');
    if (account.planId === input.planId) throw fieldError('validation', ['planId'], 'planChangeSamePlan');
    const plan = (await choosablePlans(tx, accountId)).find((candidate) => candidate.id === input.planId);
    if (!plan) throw fieldError('validation', ['planId'], 'planNotOffered');
    if (needsAgreement(plan) && !(input.agreeTerms && input.agreePrivacy)) {
      throw fieldError('validation', [input.agreeTerms ? 'agreePrivacy' : 'agreeTerms'], 'planAgreementRequired');
    }
    const pending = await tx
      .select({ id: planChanges.id })
      .from(planChanges)
      .where(and(eq(planChanges.accountId, accountId), eq(planChanges.status, 'pending')))
      .get();
    if (pending) throw new AppError('conflict', 'planChangePending');
    await tx
      .insert(planChanges)
      .values({
        id: randomUUID(),
        accountId,
        fromPlanId: account.planId,
        toPlanId: plan.id,
        effectiveMonth: addMonths(billingMonthOf(now), 1),
        status: 'pending',
        requestedBy,
        requestedAt: new Date(now),
      })
      .run();
  });
}

/** Withdraws the account's pending request, while its month has not begun (after that the job is applying it). */
export async function cancelPlanChange(db: Db, accountId: string, now: number): Promise<void> {
  const cancelled = await db
    .update(planChanges)
    .set({ status: 'cancelled' })
    .where(and(eq(planChanges.accountId, accountId), eq(planChanges.status, 'pending'), gt(planChanges.effectiveMonth, billingMonthOf(now))))
    .run();
  if (cancelled.changes === 0) throw new AppError('bad_request', 'planChangeNoPending');
}
