import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { CREATABLE_TYPES, TYPES_NEEDING_PLAN, type AccountType, type createUserInputSchema } from '../../model/account.ts';
import type { MessageIssue } from '../../model/messages/issues.ts';
import type { MessageKey } from '../../model/messages/keys.ts';
import { adminPasswordProblem } from '../../model/password-rule.ts';
import type { Actor } from './actor.ts';
import { hashPassword } from './password.ts';
import type { Db } from '../db/open-database.ts';
import { accounts } from '../db/schema.ts';
import { contractHistory } from '../db/schema-identity.ts';
import { fieldError } from '../http/errors.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { AccountRow } from './find-account.ts';
import { issuePasswordToken } from './password-tokens.ts';
import { planOnSaleBelow } from './plan-on-sale.ts';
import { sendPasswordLink } from './send-password-link.ts';
import { firstMonth } from '../billing/first-month.ts';
import { billingMonthOf } from '../../model/billing-month.ts';
import { setSubscription } from '../billing/set-subscription.ts';

export type NewUser = z.output<typeof createUserInputSchema>;

/** Where each type may hang in the tree (spec §1). */
const PARENT_TYPES: Readonly<Record<Exclude<AccountType, 'MASTER' | 'SUB_ADMIN'>, readonly AccountType[]>> = {
  MASTER_USER: ['MASTER'],
  OEM_MASTER: ['MASTER', 'MASTER_USER'],
  OEM_ADMIN: ['OEM_MASTER'],
  USER: ['MASTER', 'MASTER_USER', 'OEM_MASTER', 'OEM_ADMIN'],
};

/** Every reason this new user cannot be created below `parent` by `actor` (empty when it can). */
export function problemsWithNewUser(db: Db, actor: Actor, parent: AccountRow, input: NewUser): MessageIssue[] {
  const problems: MessageIssue[] = [];
  const add = (field: string, key: MessageKey, values: Record<string, string | number> = {}) => problems.push({ path: [field], key, values });
  if (!CREATABLE_TYPES[actor.effectiveType].includes(input.accountType)) add('accountType', 'cannotCreateType', { actor: actor.effectiveType, type: input.accountType });
  else if (!PARENT_TYPES[input.accountType].includes(parent.accountType as AccountType)) add('parentId', 'cannotPlaceBelow', { type: input.accountType, parent: parent.accountType });
  if (TYPES_NEEDING_PLAN.includes(input.accountType) && !input.planId) add('planId', 'requiredFields');
  if (input.planId && !planOnSaleBelow(db, input.planId, parent.id)) add('planId', 'unknownPlan', { plan: input.planId });
  if (db.select({ id: accounts.id }).from(accounts).where(eq(accounts.email, input.email)).get()) add('email', 'emailTaken');
  if (input.password !== undefined) {
    const problem = adminPasswordProblem(input.password);
    if (problem) add('password', problem.key, problem.values);
  }
  return problems;
}

/**
 * Inserts checked users below `parent` with their first contract-history entry, in one
 * transaction. A user given a first password must change it at first login; the others are
 * invited by a password link (mailed by `inviteUsers` once the transaction is done).
 */
export async function insertUsers(db: Db, actor: Actor, parent: AccountRow, inputs: NewUser[]): Promise<AccountRow[]> {
  const hashes = await Promise.all(inputs.map((input) => (input.password === undefined ? '' : hashPassword(input.password))));
  const ids = inputs.map(() => randomUUID());
  db.transaction((tx) => {
    inputs.forEach((input, index) => {
      const id = ids[index]!;
      tx.insert(accounts)
        .values({
          id,
          email: input.email,
          passwordHash: hashes[index]!,
          accountType: input.accountType,
          parentId: parent.id,
          companyName: input.companyName,
          contactPerson: input.contactPerson ?? '',
          planId: input.planId ?? null,
          contractStart: input.contractStart ?? null,
          contractExpiry: input.contractExpiry ?? null,
          contractState: input.contractState,
          authority: input.authority ?? 'edit',
          licenseIssued: input.licenseIssued ?? false,
          logoUrl: input.logoUrl ?? '',
          mustChangePassword: input.password !== undefined,
          createdBy: actor.id,
          updatedAt: new Date(),
        })
        .run();
      tx.insert(contractHistory).values({ id: randomUUID(), accountId: id, fromState: null, toState: input.contractState, byAccountId: actor.id, note: 'created' }).run();
      if (input.planId) setSubscription(tx, id, input.planId, firstMonth(input.contractStart, billingMonthOf(Date.now())));
    });
  });
  const rows = new Map(
    db
      .select()
      .from(accounts)
      .where(inArray(accounts.id, ids))
      .all()
      .map((row) => [row.id, row]),
  );
  return ids.map((id) => rows.get(id)!);
}

/** Mails a password link to each new account that has no password yet; returns how many could not be sent. */
export async function inviteUsers(db: Db, mailer: Mailer, adminOrigin: string, users: AccountRow[]): Promise<number> {
  let failed = 0;
  for (const user of users) {
    if (user.passwordHash !== '') continue;
    const token = issuePasswordToken(db, user.id, 'invite');
    try {
      await sendPasswordLink(mailer, { adminOrigin, to: user.email, token, purpose: 'invite' });
    } catch (error) {
      // The account stands; its owner can still ask for a reset link.
      console.error(`invitation to ${user.email} failed:`, error);
      failed++;
    }
  }
  return failed;
}

/** Creates one user (POST /api/{prefix}/user): 400 naming the first problem. */
export async function createUser(db: Db, actor: Actor, parent: AccountRow, input: NewUser): Promise<AccountRow> {
  const [problem] = problemsWithNewUser(db, actor, parent, input);
  if (problem) throw fieldError(problem.path[0] === 'accountType' ? 'forbidden' : 'validation', problem.path, problem.key, problem.values);
  const [user] = await insertUsers(db, actor, parent, [input]);
  return user!;
}
