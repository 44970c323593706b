import type { Actor } from '../identity/actor.ts';
import type { ValidSession } from '../identity/sessions.ts';
import type { AccountRow } from '../identity/find-account.ts';
import type { SiteRow } from '../sites/find-site.ts';
import type { Member } from '../visitor/member-sessions.ts';

/**
 * What middleware puts on the request context: one typed home for it. `account` is the
 * signed-in caller; `site` and `targetAccount` are the target the authorize middleware resolved
 * and checked, present on the routes whose policy names one.
 */
export type AppEnv = {
  Variables: {
    account: Actor;
    session: ValidSession;
    sessionToken: string;
    site: SiteRow;
    targetAccount: AccountRow;
    params: Record<string, string>;
    /** On the site app: the site the request's host leads to (its handle or custom domain), null for any other host (api/host-sites.ts). */
    hostSiteId: string | null;
    /** On the site app: that site's origin as visitors reach it (the origin of links emailed to them). */
    hostOrigin: string;
    /** On the site origin: the member a member call's bearer token opens (api/visitor/member-gate.ts). */
    member: Member;
    /** The request's body as text, read once under its cap (read-body.ts). */
    bodyText: Promise<string>;
  };
};
