import type { AdminRole, Authority, ContractState, EffectiveType } from '../../model/account.ts';
import type { MessageKey } from '../../model/messages/keys.ts';
import type { AdminPolicy as Policy } from '../../model/contracts/policy.ts';
import type { PlanLimits } from '../../model/plan.ts';
import type { ApiKeyScope } from '../../model/api-key.ts';

export type { Policy };

/** The caller, as the session says. */
export type Subject = {
  type: EffectiveType;
  role: AdminRole;
  authority: Authority;
  /** The contract of the account the caller acts for. */
  contractState: ContractState;
  mustChangePassword: boolean;
  /** The API key the request came with (absent for a session): it acts as the account, within its scope. */
  key?: { scope: ApiKeyScope };
};

/**
 * Where the target stands from the caller: in its branch (`own`), the caller's own account
 * (`self`, only for account targets; a parent that is the caller is `own`), elsewhere in the
 * tree (`other`), or no target (`none`).
 */
export type Relation = 'own' | 'self' | 'other' | 'none';

export type Target = {
  relation: Relation;
  /** The contract state of the account that owns the target (the caller's own when there is no target). */
  ownerContractState: ContractState;
  /** The plan of the account that owns the target. */
  ownerPlan: PlanLimits;
};

export type Decision = { allowed: true } | { allowed: false; status: 401 | 403 | 404; code: 'unauthenticated' | 'forbidden' | 'not_found'; key: MessageKey | null };

/**
 * A call that only reads, for a `read` key: GET (and HEAD, served as GET). Every other method is
 * a write, whatever its handler does: a contract's method is what a client sees and a key's
 * holder can predict (docs/decisions.md, "API keys").
 */
export function isReadCall(method: string): boolean {
  return method === 'GET' || method === 'HEAD';
}

const ALLOWED: Decision = { allowed: true };
const deny = (status: 401 | 403 | 404, key: MessageKey | null): Decision => ({
  allowed: false,
  status,
  code: status === 401 ? 'unauthenticated' : status === 403 ? 'forbidden' : 'not_found',
  key,
});

/**
 * The one decision every API request goes through: (account type, admin role, authority,
 * tenancy relation, contract state, plan flag) → allowed, or the status to answer. The order
 * matters and is the table of docs/permissions.md: who you are (401), what your type may call
 * (403), whether the target exists for you (404: another branch's things do not), then whether
 * you may change it (403) and whether its owner's plan has the feature (403). A caller with an
 * API key goes the same way, after two checks of its own: the call is not one about sessions or
 * keys, and a `read` key makes only read calls (`method`).
 *
 * @example decide(policy, null, target, 'GET') // { allowed: false, status: 401, … }
 */
export function decide(policy: Policy, subject: Subject | null, target: Target, method: string): Decision {
  if (policy.access === 'public') return ALLOWED;
  if (!subject) return deny(401, 'pleaseLogIn');
  if (subject.key) {
    if (policy.sessionOnly) return deny(403, 'apiKeySessionOnly');
    if (subject.key.scope === 'read' && !isReadCall(method)) return deny(403, 'apiKeyReadOnly');
  }
  if (subject.mustChangePassword && !policy.beforePasswordChange) return deny(403, 'passwordChangeRequired');
  if (policy.types !== 'all' && !policy.types.includes(subject.type)) return deny(403, 'forbidden');
  if (target.relation === 'other') return deny(404, null);
  if (target.relation === 'self' && !policy.self) return deny(403, 'forbidden');
  if (policy.roles && !policy.roles.includes(subject.role)) return deny(403, 'forbidden');
  if (policy.change) {
    if (subject.role === 'viewer' || subject.authority === 'view') return deny(403, 'viewOnly');
    if (subject.contractState !== 'active') return deny(403, 'contractNotActive');
    if (target.ownerContractState === 'terminated') return deny(403, 'readOnlyTerminated');
  }
  if (policy.planFlag && !target.ownerPlan[policy.planFlag]) return deny(403, 'planFeatureLocked');
  return ALLOWED;
}
