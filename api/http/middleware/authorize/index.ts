import type { Context, MiddlewareHandler } from 'hono';
import { contractStateSchema } from '../../../../model/account.ts';
import { UNLIMITED } from '../../../../model/plan.ts';
import { DEFAULT_BODY_CAPS } from '../../../../model/contracts/contract.ts';
import { loadActor, type Actor } from '../../../identity/actor.ts';
import { validateSession } from '../../../identity/sessions.ts';
import { readSessionCookie, setSessionCookie } from '../../../identity/session-cookie.ts';
import type { Db } from '../../../db/open-database.ts';
import { sites } from '../../../db/schema.ts';
import type { AppEnv } from '../../env.ts';
import { AppError, fieldError, notFound } from '../../errors.ts';
import { readBodyText } from '../../read-body.ts';
import { decide, type Policy, type Subject, type Target } from '../../../permissions/decide.ts';
import { matchRoute } from '../../../permissions/route-table.ts';
import { inBranch, relationToAccount } from '../../../identity/account-tree.ts';
import { effectivePlan } from '../../../identity/effective-plan.ts';
import { findAccount, tenantOf } from '../../../identity/find-account.ts';
import { eq } from 'drizzle-orm';
import { apiCredential, authenticateApiKey } from '../../../api-keys/authenticate-api-key.ts';
import { clientIp } from '../../client-ip.ts';

export type AuthorizeOptions = { db: Db; mountedAt: string };

/** What an anonymous request is decided against: never read, since it is refused with 401 first. */
const NO_TARGET: Target = { relation: 'none', ownerContractState: 'inactive', ownerPlan: UNLIMITED };

function subjectOf(actor: Actor, key: Subject['key']): Subject {
  return { type: actor.effectiveType, role: actor.role, authority: actor.authority, contractState: actor.contractState, mustChangePassword: actor.mustChangePassword, key };
}

/** The owner of a target as the decision needs it: its contract state and plan. */
async function ownerFacts(db: Db, ownerId: string): Promise<Pick<Target, 'ownerContractState' | 'ownerPlan'>> {
  const owner = await findAccount(db, ownerId);
  const tenant = owner ? await tenantOf(db, owner) : undefined;
  if (!tenant) throw new Error(`owner ${ownerId} is missing`);
  return { ownerContractState: contractStateSchema.parse(tenant.contractState), ownerPlan: (await effectivePlan(db, tenant.id)).limits };
}

async function parentIdOf(c: Context<AppEnv>): Promise<string | undefined> {
  try {
    // Read under the JSON cap and kept on the context, where the route reads it again.
    const body: unknown = JSON.parse(await readBodyText(c, DEFAULT_BODY_CAPS.admin));
    const parentId = (body as { parentId?: unknown } | null)?.parentId;
    if (typeof parentId !== 'string') return undefined;
    // Looked up before the route's own check of the body (route.ts): refused as it would refuse it, not sent to the database.
    if (parentId.includes('\0') || !parentId.isWellFormed()) throw fieldError('validation', ['parentId'], 'invalidCharacters');
    return parentId;
  } catch (error) {
    if (error instanceof AppError) throw error;
    // A body that is not JSON is the route's to refuse, with its own message.
    return undefined;
  }
}

/** Finds what the route is about, puts it on the context, and says where it stands from the caller. */
async function resolveTarget(c: Context<AppEnv>, db: Db, policy: Extract<Policy, { access: 'session' }>, actor: Actor, params: Record<string, string>): Promise<Target> {
  const own = { relation: 'none' as const, ownerContractState: actor.contractState, ownerPlan: actor.limits };
  if (policy.target === 'none') return own;
  if (policy.target === 'site') {
    const site = await db
      .select()
      .from(sites)
      .where(eq(sites.id, params.id ?? ''))
      .get();
    if (!site || !(await inBranch(db, actor, site.ownerId))) return { ...own, relation: 'other' };
    c.set('site', site);
    return { relation: 'own', ...(await ownerFacts(db, site.ownerId)) };
  }
  const accountId = policy.target === 'parent' ? ((await parentIdOf(c)) ?? actor.tenantId) : (params.id ?? '');
  const account = await findAccount(db, accountId);
  if (!account) return { ...own, relation: 'other' };
  const relation = await relationToAccount(db, actor, account.id);
  if (relation === 'other') return { ...own, relation };
  c.set('targetAccount', account);
  // Creating below oneself is acting in one's own branch.
  return { relation: policy.target === 'parent' && relation === 'self' ? 'own' : relation, ...(await ownerFacts(db, account.id)) };
}

/**
 * Lets a request through only when the permission function says so, for the route-table row
 * it matches: reads the session (renewing its cookie when it slid forward), resolves the
 * target (a site, an account) and asks `decide`. A request no row matches answers 404.
 */
export function authorize(options: AuthorizeOptions): MiddlewareHandler<AppEnv> {
  if (!options?.db) throw new Error('authorize needs a database');
  const { db, mountedAt } = options;
  return async function authorize(c, next) {
    // Matched as requested (each segment decoded apart), so the row let in is the route the router serves.
    const match = matchRoute(c.req.method, c.req.path.slice(mountedAt.length));
    if (!match) throw notFound('pathNotFound');
    c.set('params', match.params);
    const { policy } = match;
    // Read on every route, public ones too: a planted second session cookie is refused (and cleared) wherever it shows.
    const token = readSessionCookie(c);
    if (policy.access === 'public') return next();

    // A request with an API key acts as the key's account, whatever cookie it also carries.
    const credential = apiCredential(c.req.header('authorization'));
    const keyed = credential ? await authenticateApiKey(db, credential, clientIp(c)) : null;
    const keyActor = keyed ? await loadActor(db, keyed.accountId) : null;
    // A terminated account's keys die with its logins.
    if (keyed && (!keyActor || keyActor.contractState === 'terminated')) throw new AppError('unauthenticated', 'apiKeyInvalid');
    const session = token && !keyed ? await validateSession(db, token) : null;
    const actor = keyActor ?? (session ? await loadActor(db, session.accountId) : null);
    if (actor) c.set('account', actor);
    if (token && session && actor) {
      c.set('session', session);
      c.set('sessionToken', token);
      if (session.renewed) setSessionCookie(c, token, session.expiresAt);
    }
    const target = actor ? await resolveTarget(c, db, policy, actor, match.params) : NO_TARGET;
    const decision = decide(policy, actor && subjectOf(actor, keyed ? { scope: keyed.scope } : undefined), target, c.req.method);
    if (!decision.allowed) {
      if (decision.key) throw new AppError(decision.code, decision.key);
      throw policy.target === 'site' ? notFound('siteNotFound') : new AppError('not_found', 'userDoesNotExist');
    }
    await next();
  };
}
