import type { AccountRow } from './find-account.ts';

/** The wire shape of a user (spec §3 "User / contract"): never the password hash. */
export function toUserView(row: AccountRow) {
  return {
    id: row.id,
    email: row.email,
    accountType: row.accountType,
    parentId: row.parentId,
    companyName: row.companyName,
    contactPerson: row.contactPerson,
    planId: row.planId,
    contractStart: row.contractStart,
    contractExpiry: row.contractExpiry,
    contractState: row.contractState,
    authority: row.authority,
    licenseIssued: row.licenseIssued,
    logoUrl: row.logoUrl,
    passwordSet: row.passwordHash !== '',
    createdAt: row.createdAt.toISOString(),
  };
}
export type UserView = ReturnType<typeof toUserView>;
