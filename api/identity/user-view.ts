import type { z } from 'zod';
import { accountTypeSchema, authoritySchema, contractStateSchema } from '../../model/account.ts';
import type { userViewSchema } from '../../model/contracts/identity.ts';
import type { AccountRow } from './find-account.ts';

export type UserView = z.input<typeof userViewSchema>;

/** The wire shape of a user (spec §3 "User / contract"): never the password hash. */
export function toUserView(row: AccountRow): UserView {
  return {
    id: row.id,
    email: row.email,
    accountType: accountTypeSchema.parse(row.accountType),
    parentId: row.parentId,
    companyName: row.companyName,
    contactPerson: row.contactPerson,
    planId: row.planId,
    contractStart: row.contractStart,
    contractExpiry: row.contractExpiry,
    contractState: contractStateSchema.parse(row.contractState),
    authority: authoritySchema.parse(row.authority),
    licenseIssued: row.licenseIssued,
    logoUrl: row.logoUrl,
    passwordSet: row.passwordHash !== '',
    createdAt: row.createdAt.toISOString(),
  };
}
