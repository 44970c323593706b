import type { Account } from '../../api/types.ts';

/** Who reads the summary dashboard (B §6, the contracts' policy): the platform and OEM masters, and their sub-admins acting as them. */
const READERS: readonly string[] = ['MASTER', 'MASTER_USER', 'OEM_MASTER'];

export function mayReadDashboard(account: Pick<Account, 'effectiveType'>): boolean {
  return READERS.includes(account.effectiveType);
}
