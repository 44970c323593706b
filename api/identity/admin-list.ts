import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { effectiveAuthority, type AdminRole, type Authority, type createSubAdminInputSchema, type updateSubAdminInputSchema } from '../../model/account.ts';
import { deleteSessionsOf } from './sessions.ts';
import type { Db, Queries } from '../db/open-database.ts';
import { isUniqueViolation } from '../db/site-handles.ts';
import { accounts } from '../db/schema.ts';
import { adminMembers } from '../db/schema-identity.ts';
import { AppError, fieldError } from '../http/errors.ts';
import type { AccountRow } from './find-account.ts';

/**
 * Marks the stored address of an invitation sent to an address registered in another tenant: such
 * an entry stands in the list like any invitation but is no address anyone signs in, resets or is
 * mailed at (no valid email holds '#'), and the address stays its owner's alone.
 */
const ELSEWHERE_MARK = '#elsewhere-';

/** The address an admin list shows for a stored one: an invitation to an address registered elsewhere shows that address. */
function shownAddress(stored: string): string {
  const mark = stored.indexOf(ELSEWHERE_MARK);
  return mark < 0 ? stored : stored.slice(0, mark);
}

export type AdminListEntry = { id: string; name: string; email: string; role: AdminRole; authority: Authority; passwordSet: boolean };

/** An account's admin list: the account itself as main contact, then its sub-admins. */
export async function listAdmins(db: Queries, tenant: AccountRow): Promise<AdminListEntry[]> {
  const members = await db
    .select({ id: accounts.id, email: accounts.email, authority: accounts.authority, passwordHash: accounts.passwordHash, name: adminMembers.name, role: adminMembers.role })
    .from(adminMembers)
    .innerJoin(accounts, eq(accounts.id, adminMembers.memberId))
    .where(eq(adminMembers.ownerId, tenant.id))
    .orderBy(accounts.createdAt)
    .all();
  return [
    { id: tenant.id, name: tenant.contactPerson || tenant.companyName, email: tenant.email, role: 'main_contact', authority: tenant.authority as Authority, passwordSet: tenant.passwordHash !== '' },
    ...members.map((member) => ({
      id: member.id,
      name: member.name,
      email: shownAddress(member.email),
      role: member.role as AdminRole,
      authority: effectiveAuthority(member.role as AdminRole, member.authority as Authority),
      passwordSet: member.passwordHash !== '',
    })),
  ];
}

/**
 * Adds a sub-admin below the account; it acts with the account's type and is invited by a password
 * link (`invited`). An address already on the account's own list is refused. An address registered
 * in another tenant is answered as a free one, so no customer learns which addresses exist on the
 * platform: its entry stands in the list, invited, but never becomes an account, and the address's
 * owner is told instead (`registeredElsewhere`; docs/decisions.md, "Sub-admin invitations reveal no address").
 */
export async function createSubAdmin(db: Db, tenant: AccountRow, input: z.output<typeof createSubAdminInputSchema>, createdBy: string): Promise<{ invited: AccountRow; registeredElsewhere: boolean }> {
  const taken = () => fieldError('validation', ['email'], 'emailTaken');
  const id = randomUUID();
  let registeredElsewhere = false;
  try {
    // The check and the insert in one writing transaction: parallel invitations of one address get one entry, free or not.
    await db.transaction(
      async (tx) => {
        if ((await listAdmins(tx, tenant)).some((admin) => admin.email === input.email)) throw taken();
        registeredElsewhere = (await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.email, input.email)).get()) !== undefined;
        await insertSubAdmin(tx, { id, tenant, input, createdBy, registeredElsewhere });
      },
      { behavior: 'immediate' },
    );
  } catch (error) {
    // Another process took the free address between the check and the insert: the same answer as above.
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
  return { invited: (await db.select().from(accounts).where(eq(accounts.id, id)).get())!, registeredElsewhere };
}

/** The sub-admin's account and its entry on the tenant's list. */
async function insertSubAdmin(
  tx: Queries,
  { id, tenant, input, createdBy, registeredElsewhere }: { id: string; tenant: AccountRow; input: z.output<typeof createSubAdminInputSchema>; createdBy: string; registeredElsewhere: boolean },
): Promise<void> {
  await tx
    .insert(accounts)
    .values({
      id,
      email: registeredElsewhere ? `${input.email}${ELSEWHERE_MARK}${id}` : input.email,
      passwordHash: '',
      accountType: 'SUB_ADMIN',
      parentId: tenant.id,
      contactPerson: input.name,
      authority: effectiveAuthority(input.role, input.authority),
      contractState: 'active',
      createdBy,
      updatedAt: new Date(),
    })
    .run();
  await tx.insert(adminMembers).values({ memberId: id, ownerId: tenant.id, name: input.name, role: input.role }).run();
}

/** The sub-admin if it is on this account's list; 404 otherwise. */
async function subAdminOf(db: Db, tenant: AccountRow, memberId: string) {
  const member = await db
    .select()
    .from(adminMembers)
    .where(and(eq(adminMembers.memberId, memberId), eq(adminMembers.ownerId, tenant.id)))
    .get();
  if (!member) throw new AppError('not_found', 'userDoesNotExist');
  return member;
}

/** Changes a sub-admin's name, role or authority; a viewer's authority is always view. */
export async function updateSubAdmin(db: Db, tenant: AccountRow, memberId: string, input: z.output<typeof updateSubAdminInputSchema>): Promise<void> {
  const member = await subAdminOf(db, tenant, memberId);
  const account = (await db.select().from(accounts).where(eq(accounts.id, memberId)).get())!;
  const role = input.role ?? (member.role as AdminRole);
  const authority = effectiveAuthority(role, input.authority ?? (account.authority as Authority));
  await db.transaction(async (tx) => {
    await tx
      .update(adminMembers)
      .set({ role, name: input.name ?? member.name })
      .where(eq(adminMembers.memberId, memberId))
      .run();
    await tx
      .update(accounts)
      .set({ authority, contactPerson: input.name ?? account.contactPerson, updatedAt: new Date() })
      .where(eq(accounts.id, memberId))
      .run();
  });
}

/** Removes a sub-admin: its account and sessions go. */
export async function deleteSubAdmin(db: Db, tenant: AccountRow, memberId: string): Promise<void> {
  await subAdminOf(db, tenant, memberId);
  await db.transaction(async (tx) => {
    await deleteSessionsOf(tx, [memberId]);
    await tx.delete(accounts).where(eq(accounts.id, memberId)).run();
  });
}
