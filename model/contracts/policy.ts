import type { AdminRole, EffectiveType } from '../account.ts';
import type { PlanFlag } from '../plan.ts';

/** Whose thing a back-office call is about: a site, an account, the parent of a new account, or nothing beyond the caller's branch. */
export type PolicyTarget = 'none' | 'site' | 'account' | 'parent';

/** What a back-office call asks of a signed-in caller. */
export type SessionPolicy<T extends PolicyTarget = PolicyTarget> = {
  access: 'session';
  /** Acting types let in; a sub-admin acts with its parent's type. */
  types: readonly EffectiveType[] | 'all';
  /** A state-changing call: refused to viewers, view authority, a contract not active, a terminated owner. */
  change: boolean;
  /** Whose thing the call is about. */
  target: T;
  /** Admin roles let in (all when absent). */
  roles?: readonly AdminRole[];
  /** Whether the caller's own account is a valid target (reading itself, say); refused with 403 otherwise. */
  self?: boolean;
  /** A plan flag the target's owner must have. */
  planFlag?: PlanFlag;
  /** Open while a forced first-time password change is pending (user-info, change-password, logout). */
  beforePasswordChange?: boolean;
  /** Refused to API keys (403): calls about the session itself and the keys themselves. */
  sessionOnly?: boolean;
};

/**
 * What a call asks of the one who calls it. `public` calls answer anyone (they check their own
 * token, if any); `session` calls need a back-office session and pass the permission function;
 * `visitor` and `member` calls are the published site's, on its own origin (`member`: a
 * site-scoped bearer token).
 */
export type Policy = { access: 'public' } | SessionPolicy | { access: 'visitor' } | { access: 'member' };

/** The policies of the admin origin: the ones the permission function decides. */
export type AdminPolicy = Extract<Policy, { access: 'public' | 'session' }>;

type Extra = Omit<Partial<SessionPolicy>, 'access' | 'change' | 'target'>;

export const PUBLIC = { access: 'public' } as const;
export const VISITOR = { access: 'visitor' } as const;
export const MEMBER = { access: 'member' } as const;

/**
 * A signed-in read about `target`; every type by default.
 * @example read('site') // { access: 'session', types: 'all', change: false, target: 'site' }
 */
export function read<T extends PolicyTarget>(target: T, extra: Extra = {}): SessionPolicy<T> {
  return { access: 'session', types: 'all', ...extra, change: false, target };
}

/** A signed-in change to `target`: refused to viewers and to inactive or terminated contracts. */
export function change<T extends PolicyTarget>(target: T, extra: Extra = {}): SessionPolicy<T> {
  return { access: 'session', types: 'all', ...extra, change: true, target };
}
