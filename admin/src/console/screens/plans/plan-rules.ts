import type { EffectiveType } from '../../../../../model/account.ts';
import type { RequestKey } from '../../api/request.ts';

/** Whose catalogue the plan-management screen edits: the platform's, an OEM master's, or none (every other type). */
export function managedCatalogue(type: EffectiveType): 'master' | 'oem-master' | null {
  if (type === 'MASTER' || type === 'MASTER_USER') return 'master';
  if (type === 'OEM_MASTER') return 'oem-master';
  return null;
}

/** Accounts with a plan of their own: they see the plan screen and may ask for a change. */
export function holdsPlan(type: EffectiveType): boolean {
  return type === 'OEM_MASTER' || type === 'USER';
}

/** The calls of one catalogue, by its prefix. */
export const CATALOGUE_CALLS = {
  master: { list: 'GET /master/plan', create: 'POST /master/plan', edit: 'PUT /master/plan/:planId', archive: 'POST /master/plan/:planId/archive' },
  'oem-master': { list: 'GET /oem-master/plan', create: 'POST /oem-master/plan', edit: 'PUT /oem-master/plan/:planId', archive: 'POST /oem-master/plan/:planId/archive' },
} as const satisfies Record<'master' | 'oem-master', Record<'list' | 'create' | 'edit' | 'archive', RequestKey>>;

/** `2026-12` → `2026-12-01`, the day a change takes effect. */
export function firstDayOf(month: string): string {
  return `${month}-01`;
}
