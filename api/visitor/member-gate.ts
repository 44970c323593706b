import type { MiddlewareHandler } from 'hono';
import type { Contract } from '../../model/contracts/contract.ts';
import type { Db } from '../db/open-database.ts';
import type { AppEnv } from '../http/env.ts';
import { findVisitorSite } from './find-visitor-site.ts';
import { requireMember } from './require-member.ts';
import { visitorLanguage } from './visitor-language.ts';

/**
 * What a `MEMBER` call passes before its handler: the site it names is published, and the bearer
 * token opens a member of that same site (else 401 in the visitor's language; the viewer then
 * clears its token). The member is left on the context, where route() hands it to the handler.
 * The language of the refusal is the call's `lang` when its contract reads one.
 */
export function memberGate(db: Db, declared: Contract): MiddlewareHandler<AppEnv> {
  return async function memberGate(c, next) {
    // Registered as middleware on the contract's path (so the route is served once), it guards only the contract's method.
    if (c.req.method !== declared.method) return next();
    const site = await findVisitorSite(db, c.req.param('id') ?? '', c.var.hostSiteId);
    const lang = visitorLanguage(c, site.settings, declared.query ? c.req.query('lang') : undefined);
    c.set('member', await requireMember(db, site, c.req.header('authorization'), lang));
    await next();
  };
}
