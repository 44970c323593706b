import type { Context } from 'hono';
import type { Db } from '../db/open-database.ts';
import { clientIp } from '../http/client-ip.ts';
import { cookielessVisitorId, createSaltStore } from './analytics-salts.ts';
import { findVisitorSite } from './find-visitor-site.ts';

/** The visitor's id on a cookieless site, or null where the site counts with cookies (or is not live). */
export type CookielessVisitor = (c: Context, siteId: string) => Promise<string | null>;

/**
 * A cookieless site's visitor as the site host sees it: the same hash of the day's salt, the
 * site, the address and the browser that the event route stores as its session id, so the page a
 * visitor is shown and the events it sends name one visitor, and no cookie is ever set for it.
 */
export function cookielessVisitor(deps: { db: Db; clock?: () => Date }): CookielessVisitor {
  const salts = createSaltStore(deps.db);
  return async (c, siteId) => {
    let cookieless: boolean;
    try {
      cookieless = (await findVisitorSite(deps.db, siteId, siteId)).settings.analytics.cookieless;
    } catch {
      return null;
    }
    if (!cookieless) return null;
    const now = deps.clock?.().getTime() ?? Date.now();
    return cookielessVisitorId(await salts.saltOf(now), siteId, clientIp(c), c.req.header('user-agent') ?? '');
  };
}
