import { eq } from 'drizzle-orm';
import {
  accountTypeSchema,
  adminRoleSchema,
  authoritySchema,
  contractStateSchema,
  effectiveAuthority,
  ROUTE_PREFIX,
  type AccountType,
  type AdminRole,
  type Authority,
  type ContractState,
  type EffectiveType,
} from '../../model/account.ts';
import type { Plan, PlanLimits } from '../../model/plan.ts';
import type { Db } from '../db/open-database.ts';
import { accounts } from '../db/schema.ts';
import { adminMembers } from '../db/schema-identity.ts';
import type { Viewer } from './account-tree.ts';
import { effectivePlan } from './effective-plan.ts';

/** The signed-in caller with everything the permission function and tenancy need. */
export type Actor = Viewer & {
  email: string;
  accountType: AccountType;
  /** The type it acts with: a sub-admin's parent's. */
  effectiveType: EffectiveType;
  routePrefix: string;
  role: AdminRole;
  authority: Authority;
  /** The contract of the account it acts for. */
  contractState: ContractState;
  mustChangePassword: boolean;
  plan: Plan | null;
  limits: PlanLimits;
};

const PLATFORM_TYPES: readonly EffectiveType[] = ['MASTER', 'MASTER_USER'];

/** Builds the actor of a login account, or null when the account is gone. */
export async function loadActor(db: Db, accountId: string): Promise<Actor | null> {
  const account = await db.select().from(accounts).where(eq(accounts.id, accountId)).get();
  if (!account) return null;
  const accountType = accountTypeSchema.parse(account.accountType);
  let tenant = account;
  let role: AdminRole = 'main_contact';
  if (accountType === 'SUB_ADMIN') {
    const member = await db.select().from(adminMembers).where(eq(adminMembers.memberId, account.id)).get();
    const parent = account.parentId ? await db.select().from(accounts).where(eq(accounts.id, account.parentId)).get() : undefined;
    if (!member || !parent) return null;
    tenant = parent;
    role = adminRoleSchema.parse(member.role);
  }
  const effectiveType = accountTypeSchema.exclude(['SUB_ADMIN']).parse(tenant.accountType);
  const { plan, limits } = await effectivePlan(db, tenant.id);
  return {
    id: account.id,
    tenantId: tenant.id,
    scopeRootId: PLATFORM_TYPES.includes(effectiveType) ? null : tenant.id,
    email: account.email,
    accountType,
    effectiveType,
    routePrefix: ROUTE_PREFIX[effectiveType],
    role,
    // A sub-admin never has more authority than the account it acts for.
    authority: tenant.authority === 'view' ? 'view' : effectiveAuthority(role, authoritySchema.parse(account.authority)),
    contractState: contractStateSchema.parse(tenant.contractState),
    mustChangePassword: account.mustChangePassword,
    plan,
    limits,
  };
}
