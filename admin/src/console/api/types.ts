import type { ContractResponse } from '../../../../model/contracts/contract.ts';
import type { identityContracts } from '../../../../model/contracts/identity.ts';
import type { SiteView } from '../../../../api/services/site-view.ts';

/** What GET /api/auth/user-info answers: the signed-in account. */
export type Account = ContractResponse<typeof identityContracts.userInfo>['account'];

export type SiteSummary = {
  id: string;
  name: string;
  status: string;
  ownerId: string;
  numberHorizontal: number;
  numberVertical: number;
  liveVersion: number | null;
  publishedAt: string | null;
  createdAt: string;
  updatedAt: string;
};

export type { SiteView };
export type SitePage = SiteView['creatives'][number]['pages'][number];
