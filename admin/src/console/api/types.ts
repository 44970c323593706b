import type { Answer } from './request.ts';

/** What GET /api/auth/user-info answers: the signed-in account. */
export type Account = Answer<'GET /auth/user-info'>['account'];

export type { SitePageView as SitePage, SiteSummary, SiteView } from '../../../../model/site-view.ts';
