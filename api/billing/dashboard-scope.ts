import { type SQL, sql } from 'drizzle-orm';
import { accounts } from '../db/schema.ts';
import { PLATFORM_ISSUER } from '../../model/invoice.ts';
import type { Viewer } from '../identity/account-tree.ts';

/**
 * What a dashboard covers for its caller. Counts (sites, companies, plans) cover the caller's
 * branch: every account for the platform, an OEM master's customers below it (not itself). Money
 * (MRR, ARR, revenue) covers the invoices the caller's business issues, and, for a month not yet
 * invoiced, the subscriptions of the accounts it bills (docs/decisions.md "The operator's dashboard").
 */
export type DashboardScope = {
  /** null: the platform, every account; else the OEM master whose customers are counted. */
  rootId: string | null;
  issuerId: string;
};

export function dashboardScope(viewer: Viewer): DashboardScope {
  return { rootId: viewer.scopeRootId, issuerId: viewer.scopeRootId ?? PLATFORM_ISSUER };
}

/**
 * `scope_accounts(id, account_type, contract_state, contract_start, contract_expiry, issuer, counted)`: the caller's branch, each
 * account with who bills it (the nearest OEM master above it, else the platform: an OEM master
 * is itself billed by the platform) and whether the counts include it. Begins a `WITH RECURSIVE`;
 * the query that follows reads `scope_accounts`. The tree is walked only where it must be: for an
 * OEM master's branch, or for `issuers`; the platform's counts read every account as it is.
 */
export function scopeAccounts(scope: DashboardScope, issuers: boolean): SQL {
  if (scope.rootId === null && !issuers)
    return sql`WITH RECURSIVE scope_accounts AS (SELECT id, account_type, contract_state, contract_start, contract_expiry, NULL AS issuer, 1 AS counted FROM ${accounts})`;
  const start = scope.rootId === null ? sql`parent_id IS NULL` : sql`id = ${scope.rootId}`;
  const counted = scope.rootId === null ? sql`1` : sql`CASE WHEN depth > 0 THEN 1 ELSE 0 END`;
  return sql`WITH RECURSIVE tree(id, account_type, contract_state, contract_start, contract_expiry, issuer, depth) AS (
      SELECT id, account_type, contract_state, contract_start, contract_expiry, ${PLATFORM_ISSUER}, 0 FROM ${accounts} WHERE ${start}
      UNION ALL
      SELECT a.id, a.account_type, a.contract_state, a.contract_start, a.contract_expiry, CASE WHEN tree.account_type = 'OEM_MASTER' THEN tree.id ELSE tree.issuer END, tree.depth + 1
      FROM ${accounts} a JOIN tree ON a.parent_id = tree.id WHERE tree.depth < 32
    ),
    scope_accounts AS (SELECT id, account_type, contract_state, contract_start, contract_expiry, issuer, ${counted} AS counted FROM tree)`;
}
