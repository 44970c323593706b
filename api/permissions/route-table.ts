import { contractKey } from '../../model/contracts/contract.ts';
import { ADMIN_CONTRACTS } from '../../model/contracts/index.ts';
import type { AdminPolicy as Policy } from '../../model/contracts/policy.ts';
import { safeDecode } from '../http/safe-decode.ts';

/**
 * Every API route of the admin origin (method and path under /api) with its policy, made from
 * the contracts (`model/contracts/`): a route cannot exist without its policy. The authorize
 * middleware refuses a request no row matches, and the matrix test fails on a registered route
 * missing here or from docs/permissions.md.
 */
function policiesOf(contracts: typeof ADMIN_CONTRACTS): Readonly<Record<string, Policy>> {
  const table: Record<string, Policy> = {};
  for (const declared of contracts) {
    const { policy } = declared;
    if (policy.access !== 'public' && policy.access !== 'session') throw new Error(`${contractKey(declared)}: an admin endpoint cannot have a ${policy.access} policy`);
    if (contractKey(declared) in table) throw new Error(`${contractKey(declared)} is declared twice`);
    table[contractKey(declared)] = policy;
  }
  return table;
}

export const ROUTE_TABLE = policiesOf(ADMIN_CONTRACTS);

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
