import type { EffectiveType, AccountType, AdminRole, Authority, ContractState } from '../../../../model/account.ts';
import type { Plan } from '../../../../model/plan.ts';

/** What GET /api/auth/user-info answers: the signed-in account. */
export type Account = {
  id: string;
  email: string;
  accountType: AccountType;
  effectiveType: EffectiveType;
  routePrefix: string;
  tenantId: string;
  role: AdminRole | null;
  authority: Authority;
  contractState: ContractState;
  mustChangePassword: boolean;
  /** The plan of the account it acts for; null for the platform, which has no limits. */
  plan: Plan | null;
};

export type { SitePageView as SitePage, SiteSummary, SiteView } from '../../../../model/site-view.ts';
