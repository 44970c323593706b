import type { ContractResponse } from '../../../../model/contracts/contract.ts';
import type { identityContracts } from '../../../../model/contracts/identity.ts';

/** What GET /api/auth/user-info answers: the signed-in account. */
export type Account = ContractResponse<typeof identityContracts.userInfo>['account'];

export type { SitePageView as SitePage, SiteSummary, SiteView } from '../../../../model/site-view.ts';
