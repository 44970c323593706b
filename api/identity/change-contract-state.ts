import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { canTransition, contractStateSchema, type ContractState } from '../../model/account.ts';
import { deleteSessionsOf } from './sessions.ts';
import type { Db } from '../db/open-database.ts';
import { accounts } from '../db/schema.ts';
import { contractHistory } from '../db/schema-identity.ts';
import { AppError } from '../http/errors.ts';
import type { AccountRow } from './find-account.ts';
import { deletePasswordTokens } from './password-tokens.ts';

/**
 * Moves a contract to another state if spec §4 allows it (suspend ↔ resume, start, terminate
 * once and for good) and records who did it and when. Terminating ends the sessions of the
 * account and its sub-admins: it can no longer log in.
 */
export async function changeContractState(db: Db, user: AccountRow, to: ContractState, byAccountId: string, note = ''): Promise<AccountRow> {
  if (user.accountType === 'SUB_ADMIN' || user.accountType === 'MASTER') throw new AppError('not_found', 'userDoesNotExist');
  const from = contractStateSchema.parse(user.contractState);
  if (!canTransition(from, to)) throw new AppError('conflict', 'contractTransition', { values: { from, to } });
  await db.transaction(async (tx) => {
    await tx.update(accounts).set({ contractState: to, updatedAt: new Date() }).where(eq(accounts.id, user.id)).run();
    await tx.insert(contractHistory).values({ id: randomUUID(), accountId: user.id, fromState: from, toState: to, byAccountId, note }).run();
    if (to === 'terminated') {
      const subAdmins = await tx
        .select({ id: accounts.id })
        .from(accounts)
        .where(and(eq(accounts.parentId, user.id), eq(accounts.accountType, 'SUB_ADMIN')))
        .all();
      const ids = [user.id, ...subAdmins.map((row) => row.id)];
      await deleteSessionsOf(tx, ids);
      for (const id of ids) await deletePasswordTokens(tx, id);
    }
  });
  return (await db.select().from(accounts).where(eq(accounts.id, user.id)).get())!;
}

/** An account's contract history, oldest first, with who made each change. */
export async function listContractHistory(db: Db, accountId: string) {
  return (
    await db
      .select({
        id: contractHistory.id,
        fromState: contractHistory.fromState,
        toState: contractHistory.toState,
        note: contractHistory.note,
        at: contractHistory.at,
        byAccountId: contractHistory.byAccountId,
        byEmail: accounts.email,
      })
      .from(contractHistory)
      .leftJoin(accounts, eq(accounts.id, contractHistory.byAccountId))
      .where(eq(contractHistory.accountId, accountId))
      .orderBy(asc(contractHistory.at), asc(contractHistory.id))
      .all()
  ).map((row) => ({ ...row, fromState: row.fromState === null ? null : contractStateSchema.parse(row.fromState), toState: contractStateSchema.parse(row.toState), at: row.at.toISOString() }));
}
