import { randomUUID } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { CREATABLE_TYPES, TYPES_NEEDING_PLAN, type AccountType, type createUserInputSchema } from '../../model/account.ts';
import type { MessageIssue } from '../../model/messages/issues.ts';
import type { MessageKey } from '../../model/messages/keys.ts';
import { adminPasswordProblem } from '../../model/password-rule.ts';
import type { Actor } from './actor.ts';
import { hashPassword } from './password.ts';
import { chunksOf, readInChunks } from '../db/in-chunks.ts';
import type { Db, Queries } from '../db/open-database.ts';
import { accounts } from '../db/schema.ts';
import { contractHistory, plans } from '../db/schema-identity.ts';
import { fieldError } from '../http/errors.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { AccountRow } from './find-account.ts';
import { issuePasswordToken } from './password-tokens.ts';
import { ancestorIds } from './account-tree.ts';
import { planReaches } from '../permissions/plan-reach.ts';
import { sendPasswordLink } from './send-password-link.ts';
import { firstMonth } from '../billing/first-month.ts';
import { billingMonthOf } from '../../model/billing-month.ts';
import { prepareFirstSubscriptions } from '../billing/set-subscription.ts';

export type NewUser = z.output<typeof createUserInputSchema>;

/** Where each type may hang in the tree (spec §1). */
const PARENT_TYPES: Readonly<Record<Exclude<AccountType, 'MASTER' | 'SUB_ADMIN'>, readonly AccountType[]>> = {
  MASTER_USER: ['MASTER'],
  OEM_MASTER: ['MASTER', 'MASTER_USER'],
  OEM_ADMIN: ['OEM_MASTER'],
  USER: ['MASTER', 'MASTER_USER', 'OEM_MASTER', 'OEM_ADMIN'],
};

/** The emails of `emails` an account already has. */
export async function takenEmails(db: Queries, emails: readonly string[]): Promise<Set<string>> {
  return new Set((await readInChunks(emails, async (chunk) => await db.select({ email: accounts.email }).from(accounts).where(inArray(accounts.email, chunk)).all())).map((row) => row.email));
}

/**
 * Every reason each new user cannot be created below `parent` by `actor` (an empty list when it
 * can), in the order of `inputs`: the plans and the emails are looked up with one statement per
 * STATEMENT_CHUNK users, not two per user (an import of 10,000 rows ran 20,000 queries).
 */
export async function problemsWithNewUsers(db: Queries, actor: Actor, parent: AccountRow, inputs: readonly NewUser[]): Promise<MessageIssue[][]> {
  const planIds = [...new Set(inputs.flatMap((input) => (input.planId ? [input.planId] : [])))];
  // A plan of another OEM's branch is answered as unknown, like one that does not exist (api/permissions/plan-reach.ts).
  const chain = await ancestorIds(db, parent.id);
  const plansOnSale = new Set(
    (await readInChunks(planIds, async (chunk) => await db.select({ id: plans.id, ownerId: plans.ownerId }).from(plans).where(inArray(plans.id, chunk)).all()))
      .filter((plan) => planReaches(plan.ownerId, chain))
      .map((plan) => plan.id),
  );
  const taken = await takenEmails(
    db,
    inputs.map((input) => input.email),
  );
  return inputs.map((input) => {
    const problems: MessageIssue[] = [];
    const add = (field: string, key: MessageKey, values: Record<string, string | number> = {}) => problems.push({ path: [field], key, values });
    if (!CREATABLE_TYPES[actor.effectiveType].includes(input.accountType)) add('accountType', 'cannotCreateType', { actor: actor.effectiveType, type: input.accountType });
    else if (!PARENT_TYPES[input.accountType].includes(parent.accountType as AccountType)) add('parentId', 'cannotPlaceBelow', { type: input.accountType, parent: parent.accountType });
    if (TYPES_NEEDING_PLAN.includes(input.accountType) && !input.planId) add('planId', 'requiredFields');
    if (input.planId && !plansOnSale.has(input.planId)) add('planId', 'unknownPlan', { plan: input.planId });
    if (taken.has(input.email)) add('email', 'emailTaken');
    if (input.password !== undefined) {
      const problem = adminPasswordProblem(input.password);
      if (problem) add('password', problem.key, problem.values);
    }
    return problems;
  });
}

/**
 * Inserts checked users below `parent` with their first contract-history entry and subscription,
 * in one transaction, and returns them as committed. A user given a first password must change it
 * at first login; the others are invited by a password link (mailed by `inviteUsers` once the
 * transaction is done). `emailTaken(emails)` sees the emails an account took since they were
 * checked (another import, between its checks and this): it throws, and nothing is inserted.
 * Rows go STATEMENT_CHUNK to a statement and come back from the inserts themselves (the re-read of
 * 50,000 ids in one statement was refused by SQLite after the commit). The statements are built
 * before the transaction, a chunk per turn of the event loop: building them took most of the
 * 4.4 s a 10,000-row import held the loop; the transaction only runs them.
 */
export async function insertUsers(db: Db, actor: Actor, parent: AccountRow, inputs: NewUser[], emailTaken: (emails: Set<string>) => never = emailTakenError): Promise<AccountRow[]> {
  const hashes = await Promise.all(inputs.map((input) => (input.password === undefined ? '' : hashPassword(input.password))));
  const now = new Date();
  const month = billingMonthOf(Date.now());
  const rows = inputs.map((input, index) => ({
    id: randomUUID(),
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
    updatedAt: now,
  }));
  const statements: { accounts: { all(): Promise<AccountRow[]> }; rest: { run(): Promise<unknown> }[] }[] = [];
  for (const chunk of chunksOf(rows)) {
    if (statements.length > 0) await nextTurn();
    const firsts = chunk.flatMap((row) => (row.planId ? [{ accountId: row.id, planId: row.planId, month: firstMonth(row.contractStart, month) }] : []));
    statements.push({
      accounts: db.insert(accounts).values(chunk).returning().prepare(),
      rest: [
        db
          .insert(contractHistory)
          .values(chunk.map((row) => ({ id: randomUUID(), accountId: row.id, fromState: null, toState: row.contractState, byAccountId: actor.id, note: 'created' })))
          .prepare(),
        ...(firsts.length > 0 ? [prepareFirstSubscriptions(db, firsts)] : []),
      ],
    });
  }
  return await db.transaction(async (tx) => {
    const taken = await takenEmails(
      tx,
      inputs.map((input) => input.email),
    );
    if (taken.size > 0) emailTaken(taken);
    const inserted: AccountRow[] = [];
    for (const chunk of statements) {
      inserted.push(...(await chunk.accounts.all()));
      for (const statement of chunk.rest) await statement.run();
    }
    const byId = new Map(inserted.map((row) => [row.id, row]));
    return rows.map((row) => byId.get(row.id)!);
  });
}

/** One user's email was taken since it was checked: the answer to a single create. */
function emailTakenError(): never {
  throw fieldError('validation', ['email'], 'emailTaken');
}

/** Invitations on their way at once: an import's 10,000 mails one after another took minutes of the operator's wait. */
const INVITING_AT_ONCE = 8;

/**
 * Mails a password link to each new account that has no password yet; returns how many could not
 * be sent. Never throws: the accounts are committed, so the answer must still say so.
 */
export async function inviteUsers(db: Db, mailer: Mailer, adminOrigin: string, users: AccountRow[]): Promise<number> {
  const invited = users.filter((user) => user.passwordHash === '');
  let failed = 0;
  let next = 0;
  const inviteInTurn = async () => {
    while (next < invited.length) {
      const user = invited[next++]!;
      try {
        const token = await issuePasswordToken(db, user.id, 'invite');
        await sendPasswordLink(mailer, { adminOrigin, to: user.email, token, purpose: 'invite' });
      } catch (error) {
        // The account stands; its owner can still ask for a reset link.
        console.error(`invitation to ${user.email} failed:`, error);
        failed++;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(INVITING_AT_ONCE, invited.length) }, inviteInTurn));
  return failed;
}

/** Creates one user (POST /api/{prefix}/user): 400 naming the first problem. */
export async function createUser(db: Db, actor: Actor, parent: AccountRow, input: NewUser): Promise<AccountRow> {
  const [problem] = (await problemsWithNewUsers(db, actor, parent, [input]))[0]!;
  if (problem) throw fieldError(problem.path[0] === 'accountType' ? 'forbidden' : 'validation', problem.path, problem.key, problem.values);
  const [user] = await insertUsers(db, actor, parent, [input]);
  return user!;
}
