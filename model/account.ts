import { z } from 'zod';

/** Back-office account types (spec §1, §6). A sub-admin acts with its parent's type. */
export const ACCOUNT_TYPES = ['MASTER', 'MASTER_USER', 'OEM_MASTER', 'OEM_ADMIN', 'USER', 'SUB_ADMIN'] as const;
export const accountTypeSchema = z.enum(ACCOUNT_TYPES);
export type AccountType = z.infer<typeof accountTypeSchema>;

/** The type an account acts with: every type but SUB_ADMIN, which takes its parent's. */
export type EffectiveType = Exclude<AccountType, 'SUB_ADMIN'>;

/** Admin-list roles (spec §3, §6). */
export const ADMIN_ROLES = ['main_contact', 'editor', 'viewer'] as const;
export const adminRoleSchema = z.enum(ADMIN_ROLES);
export type AdminRole = z.infer<typeof adminRoleSchema>;

export const AUTHORITIES = ['edit', 'view'] as const;
export const authoritySchema = z.enum(AUTHORITIES);
export type Authority = z.infer<typeof authoritySchema>;

/** Contract states (spec §4); inactive means not contracted (yet). */
export const CONTRACT_STATES = ['active', 'suspended', 'terminated', 'inactive'] as const;
export const contractStateSchema = z.enum(CONTRACT_STATES);
export type ContractState = z.infer<typeof contractStateSchema>;

/**
 * The transitions spec §4 allows: suspend and resume between active and suspended, a not yet
 * contracted account may start, and terminating is possible from any state but never undone.
 */
export const CONTRACT_TRANSITIONS: Readonly<Record<ContractState, readonly ContractState[]>> = {
  inactive: ['active', 'terminated'],
  active: ['suspended', 'terminated'],
  suspended: ['active', 'terminated'],
  terminated: [],
};

/** @example canTransition('suspended', 'active') // true; canTransition('terminated', 'active') // false */
export function canTransition(from: ContractState, to: ContractState): boolean {
  return CONTRACT_TRANSITIONS[from].includes(to);
}

/**
 * The `{userTypeId}` route prefix of the admin's screens per acting type (spec §2): OEM master
 * and OEM admin share the admin prefix; a sub-admin uses its parent's.
 */
export const ROUTE_PREFIX: Readonly<Record<EffectiveType, string>> = {
  MASTER: 'master',
  MASTER_USER: 'master-user',
  OEM_MASTER: 'admin',
  OEM_ADMIN: 'admin',
  USER: 'admin-user',
};

/** The prefix of the API's user-management calls (spec §7: /master, /oem-master, /oem-admin). */
export const USER_API_PREFIXES = ['master', 'oem-master', 'oem-admin'] as const;
export type UserApiPrefix = (typeof USER_API_PREFIXES)[number];

/** Which acting types call the user API under which prefix. */
export const USER_API_PREFIX_TYPES: Readonly<Record<UserApiPrefix, readonly EffectiveType[]>> = {
  master: ['MASTER', 'MASTER_USER'],
  'oem-master': ['OEM_MASTER'],
  'oem-admin': ['OEM_ADMIN'],
};

/** The types each acting type may create below itself (the tree of spec §1). Sub-admins have their own call. */
export const CREATABLE_TYPES: Readonly<Record<EffectiveType, readonly AccountType[]>> = {
  MASTER: ['MASTER_USER', 'OEM_MASTER', 'USER'],
  MASTER_USER: ['OEM_MASTER', 'USER'],
  OEM_MASTER: ['OEM_ADMIN', 'USER'],
  OEM_ADMIN: ['USER'],
  USER: [],
};

/** Types that must be given a plan when created: they own sites. */
export const TYPES_NEEDING_PLAN: readonly AccountType[] = ['OEM_MASTER', 'USER'];

const TEXT_MAX = 50;
const text = (max = TEXT_MAX) => z.string().trim().max(max, 'textTooLong');
const requiredText = (max = TEXT_MAX) => text(max).min(1, 'requiredFields');
export const emailSchema = z
  .string()
  .trim()
  .min(1, 'requiredFields')
  .pipe(z.email('invalidEmail'))
  .transform((email) => email.toLowerCase());

/** The login form (spec §5: email required and well formed). */
export const loginInputSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, 'requiredFields')
    .pipe(z.email('invalidEmail'))
    .transform((email) => email.toLowerCase()),
  password: z.string().min(1, 'requiredFields').max(200),
});

/** A calendar date as the forms send it, `YYYY-MM-DD`. */
export const dateSchema = z.iso.date('dateFormat');

/** The contract fields of a user (spec §3 "User / contract"), as a form edits them. */
const contractFields = z.object({
  companyName: requiredText(),
  contactPerson: text(),
  planId: z.string().min(1).max(64).nullable(),
  contractStart: dateSchema.nullable(),
  contractExpiry: dateSchema.nullable(),
  authority: authoritySchema,
  licenseIssued: z.boolean(),
  logoUrl: z.string().max(1024),
});

function checkContractDates(value: { contractStart?: string | null | undefined; contractExpiry?: string | null | undefined }, ctx: z.RefinementCtx): void {
  if (value.contractStart && value.contractExpiry && value.contractExpiry <= value.contractStart) {
    ctx.addIssue({ code: 'custom', path: ['contractExpiry'], message: 'invalidDateRange' });
  }
}

/** Creating a user: the contract fields, its type and, optionally, its parent and a first password. */
export const createUserInputSchema = contractFields
  .partial()
  .required({ companyName: true })
  .extend({
    email: emailSchema,
    accountType: accountTypeSchema.exclude(['MASTER', 'SUB_ADMIN']),
    /** Defaults to the creator's own account (or the account it acts for). */
    parentId: z.string().min(1).max(64).optional(),
    /** A first password chosen by the creator; the user must change it at first login. Without it an invitation link is mailed. */
    password: z.string().max(200).optional(),
    contractState: contractStateSchema.extract(['active', 'inactive']).default('active'),
  })
  .superRefine(checkContractDates);

/** Changing a user's contract fields: any subset; the type, parent and state have their own rules. */
export const updateUserInputSchema = contractFields.extend({ email: emailSchema }).partial().strict().superRefine(checkContractDates);

/** Contract transition request: the state to move to and an optional note for the history. */
export const contractChangeInputSchema = z.object({
  state: contractStateSchema,
  note: z.string().trim().max(120).default(''),
});

/** `?q=&page=&limit=` of the user list, read from query strings. */
export const userListQuerySchema = z.object({
  q: z.string().trim().max(TEXT_MAX).default(''),
  page: z.coerce.number<string>().int().min(1).default(1),
  limit: z.coerce.number<string>().int().min(1).max(100).default(20),
});

/** A member of an account's admin list (spec §3 "Admin"). */
export const createSubAdminInputSchema = z.object({
  name: requiredText(),
  email: emailSchema,
  role: adminRoleSchema.default('editor'),
  authority: authoritySchema.default('edit'),
});
export const updateSubAdminInputSchema = z.object({ name: requiredText(), role: adminRoleSchema, authority: authoritySchema }).partial().strict();

/** A viewer reads only: whatever authority was set, a viewer's is view. */
export function effectiveAuthority(role: AdminRole, authority: Authority): Authority {
  return role === 'viewer' ? 'view' : authority;
}
