import { CREATABLE_TYPES, USER_API_PREFIX_TYPES, USER_API_PREFIXES, type AccountType, type UserApiPrefix } from '../../../../../model/account.ts';
import type { Account } from '../../api/types.ts';
import { canChange } from '../../session.tsx';

type Caller = Pick<Account, 'accountType' | 'effectiveType' | 'role' | 'authority' | 'contractState'>;

/** The prefix of the caller's user calls (`POST /api/{prefix}/user`): master, oem-master or oem-admin; null for a type that creates nobody. */
export function userApiPrefix(caller: Pick<Account, 'effectiveType'>): UserApiPrefix | null {
  return USER_API_PREFIXES.find((prefix) => USER_API_PREFIX_TYPES[prefix].includes(caller.effectiveType)) ?? null;
}

/**
 * The types the caller may create below itself, or none: sub-admins never create or edit users
 * (the permission matrix refuses every one of them).
 */
export function creatableTypes(caller: Caller): readonly AccountType[] {
  if (caller.accountType === 'SUB_ADMIN' || !canChange(caller) || userApiPrefix(caller) === null) return [];
  return CREATABLE_TYPES[caller.effectiveType];
}

/** Whether the caller may edit a user's contract fields (`PUT /user/:id`): a managing account itself, not its sub-admins. */
export function mayEditUsers(caller: Caller): boolean {
  return creatableTypes(caller).length > 0;
}

/** Whether the caller may add, change and remove its account's sub-admins: the account itself or its main contact. */
export function mayManageAdminList(caller: Caller): boolean {
  return (caller.accountType !== 'SUB_ADMIN' || caller.role === 'main_contact') && canChange(caller);
}
