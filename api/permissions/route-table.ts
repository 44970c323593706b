import { USER_API_PREFIXES, USER_API_PREFIX_TYPES, type EffectiveType } from '../../model/account.ts';
import { contractKey } from '../../model/contracts/contract.ts';
import { ADMIN_CONTRACTS } from '../../model/contracts/index.ts';
import type { AdminPolicy as Policy } from '../../model/contracts/policy.ts';
import { safeDecode } from '../safe-decode.ts';

/**
 * Every API route (method and path under /api) with its policy: the one place a route is let
 * in. The authorize middleware refuses a request no row matches, and the matrix test fails on a
 * registered route missing here or from docs/permissions.md. Routes added later (visitor
 * end-user calls, which check their own site-scoped tokens) come in as `public` rows.
 */
const PUBLIC: Policy = { access: 'public' };
const ALL = 'all' as const;
const PLATFORM: readonly EffectiveType[] = ['MASTER', 'MASTER_USER'];
const MANAGERS: readonly EffectiveType[] = ['MASTER', 'MASTER_USER', 'OEM_MASTER', 'OEM_ADMIN'];

const read = (target: 'none' | 'site' | 'account', extra: Partial<Extract<Policy, { access: 'session' }>> = {}): Policy => ({ access: 'session', types: ALL, change: false, target, ...extra });
const change = (target: 'none' | 'site' | 'account' | 'parent', extra: Partial<Extract<Policy, { access: 'session' }>> = {}): Policy => ({ access: 'session', types: ALL, change: true, target, ...extra });

const userApiRoutes = Object.fromEntries(
  USER_API_PREFIXES.flatMap((prefix) => {
    const types = USER_API_PREFIX_TYPES[prefix];
    return [
      [`POST /${prefix}/user`, change('parent', { types })],
      [`POST /${prefix}/user/import`, change('none', { types })],
      [`GET /${prefix}/user/:id`, read('account', { types, self: true })],
      [`GET /${prefix}/user/:id/user-history`, read('account', { types, self: true })],
    ];
  }),
) as Record<string, Policy>;

const LEGACY_ROUTES: Readonly<Record<string, Policy>> = {
  'GET /meta': PUBLIC,

  'POST /auth/login': PUBLIC,
  'POST /auth/logout': PUBLIC,
  'POST /auth/forgot-password': PUBLIC,
  'POST /auth/verify-token': PUBLIC,
  'POST /auth/reset-password': PUBLIC,
  'GET /auth/route-prefixes': PUBLIC,
  'POST /auth/refresh-token': read('none', { beforePasswordChange: true }),
  'GET /auth/user-info': read('none', { beforePasswordChange: true }),
  'POST /auth/change-password': read('none', { beforePasswordChange: true }),

  'GET /plan': read('none'),

  'GET /user': read('none', { types: MANAGERS }),
  'GET /user/:id': read('account', { self: true }),
  'PUT /user/:id': change('account', { types: MANAGERS }),
  ...userApiRoutes,
  'PUT /master/user/:id/contract': change('account', { types: PLATFORM }),

  'GET /sub-admin': read('none'),
  'POST /sub-admin': change('none', { roles: ['main_contact'] }),
  'PUT /sub-admin/:id': change('account', { roles: ['main_contact'] }),
  'DELETE /sub-admin/:id': change('account', { roles: ['main_contact'] }),

  'GET /site': read('none'),
  'POST /site': change('none'),
  'GET /site/:id': read('site'),
  'PUT /site/:id': change('site'),
  'DELETE /site/:id': change('site'),
  'PUT /site/:id/grid': change('site'),
  'PUT /site/:id/page/:pageId': change('site'),
  'PUT /site/:id/categories': change('site'),
  'POST /site/:id/media': change('site'),
  'GET /site/:id/media/:mediaId': read('site'),
  'POST /site/:id/publish': change('site'),
  'GET /site/:id/publish/:publishId': read('site'),
  'GET /site/:id/publish/:publishId/events': read('site'),
  'GET /site/:id/versions': read('site'),
  'POST /site/:id/versions/:version/rollback': change('site'),
  'GET /site/:id/survey': read('site'),
  'POST /site/:id/survey': change('site'),
  'GET /site/:id/survey/:surveyId': read('site'),
  'PUT /site/:id/survey/:surveyId': change('site'),
  'GET /site/:id/survey/:surveyId/responses': read('site'),
  'POST /preview/site/:id': read('site'),
};

/** The policy of every admin endpoint declared as a contract. */
function contractPolicies(): Record<string, Policy> {
  const table: Record<string, Policy> = {};
  for (const declared of ADMIN_CONTRACTS) {
    const { policy } = declared;
    if (policy.access !== 'public' && policy.access !== 'session') throw new Error(`${contractKey(declared)}: an admin endpoint cannot have a ${policy.access} policy`);
    table[contractKey(declared)] = policy;
  }
  return table;
}

/** Rows not yet declared as contracts come from the hand-written table; a contract's policy wins. */
export const ROUTE_TABLE: Readonly<Record<string, Policy>> = { ...LEGACY_ROUTES, ...contractPolicies() };

type CompiledRoute = { key: string; method: string; segments: string[]; policy: Policy; literals: number };

const COMPILED: readonly CompiledRoute[] = Object.entries(ROUTE_TABLE)
  .map(([key, policy]) => {
    const [method = '', path = ''] = key.split(' ');
    const segments = path.split('/').filter(Boolean);
    return { key, method, segments, policy, literals: segments.filter((segment) => !segment.startsWith(':')).length };
  })
  // A literal segment wins over a parameter: /master/user/import before /master/user/:id.
  .sort((a, b) => b.literals - a.literals);

/**
 * The table row a request matches and its path parameters, or null. HEAD is matched as GET.
 * `path` is as requested, percent-encoded: it is split into segments before each is decoded, as
 * the router does, so an encoded `/` (`/site/%2F`) stays inside its segment and the row let in is
 * the row the router serves. A malformed encoding matches nothing.
 */
export function matchRoute(method: string, path: string): { key: string; policy: Policy; params: Record<string, string> } | null {
  const wanted = method === 'HEAD' ? 'GET' : method;
  const parts: string[] = [];
  for (const segment of path.split('/').filter(Boolean)) {
    const decoded = safeDecode(segment);
    if (decoded === null) return null;
    parts.push(decoded);
  }
  for (const route of COMPILED) {
    if (route.method !== wanted || route.segments.length !== parts.length) continue;
    const params: Record<string, string> = {};
    const matches = route.segments.every((segment, index) => {
      const part = parts[index]!;
      if (segment.startsWith(':')) {
        params[segment.slice(1)] = part;
        return true;
      }
      return segment === part;
    });
    if (matches) return { key: route.key, policy: route.policy, params };
  }
  return null;
}
