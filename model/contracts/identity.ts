import { z } from 'zod';
import { brandingViewSchema } from '../branding.ts';
import {
  accountTypeSchema,
  adminRoleSchema,
  authoritySchema,
  contractChangeInputSchema,
  contractStateSchema,
  createSubAdminInputSchema,
  createUserInputSchema,
  emailSchema,
  loginInputSchema,
  updateSubAdminInputSchema,
  updateUserInputSchema,
  USER_API_PREFIX_TYPES,
  userListQuerySchema,
  type EffectiveType,
  type UserApiPrefix,
} from '../account.ts';
import { planSchema, storageUseSchema } from '../plan.ts';
import { MAX_CSV_BYTES } from '../constants.ts';
import { contract, type Contract } from './contract.ts';
import { change, PUBLIC, read } from './policy.ts';

const PLATFORM: readonly EffectiveType[] = ['MASTER', 'MASTER_USER'];
/** The acting types that manage users below them. */
export const USER_MANAGERS: readonly EffectiveType[] = ['MASTER', 'MASTER_USER', 'OEM_MASTER', 'OEM_ADMIN'];
/** Calls open while a forced first-time password change is pending. */
const BEFORE_PASSWORD_CHANGE = { beforePasswordChange: true } as const;

const effectiveTypeSchema = accountTypeSchema.exclude(['SUB_ADMIN']);

/** The signed-in account as the console knows it (spec §2: its type, prefix, role, contract and plan). */
export const signedInAccountSchema = z.object({
  id: z.string(),
  email: z.string(),
  accountType: accountTypeSchema,
  /** The type it acts with: a sub-admin's parent's. */
  effectiveType: effectiveTypeSchema,
  /** The `{userTypeId}` prefix of its screens. */
  routePrefix: z.string(),
  /** The account it acts for: itself, or a sub-admin's parent. */
  tenantId: z.string(),
  role: adminRoleSchema,
  authority: authoritySchema,
  /** The contract of the account it acts for. */
  contractState: contractStateSchema,
  mustChangePassword: z.boolean(),
  /** The plan of the account it acts for; null for the platform, which has no limits. */
  plan: planSchema.nullable(),
  /** Its profile picture (the account's logo, 250 × 250); '' without one. */
  logoUrl: z.string(),
  /** The custom branding of the OEM master above it (or its own); null for the platform and direct users. */
  branding: brandingViewSchema.nullable(),
});

const signedInSchema = z.object({ account: signedInAccountSchema });
/** A short confirmation, in the caller's language. */
const messageSchema = z.object({ message: z.string() });

/** A user (spec §3 "User / contract") on the wire: never the password hash. */
export const userViewSchema = z.object({
  id: z.string(),
  email: z.string(),
  accountType: accountTypeSchema,
  parentId: z.string().nullable(),
  companyName: z.string(),
  contactPerson: z.string(),
  planId: z.string().nullable(),
  /** `YYYY-MM-DD`. */
  contractStart: z.string().nullable(),
  contractExpiry: z.string().nullable(),
  contractState: contractStateSchema,
  authority: authoritySchema,
  licenseIssued: z.boolean(),
  logoUrl: z.string(),
  /** False while an invited account has not chosen its password. */
  passwordSet: z.boolean(),
  createdAt: z.iso.datetime(),
});

/** One contract state change: from (null for the creation), to, the note and who made it. */
export const contractHistoryEntrySchema = z.object({
  id: z.string(),
  fromState: contractStateSchema.nullable(),
  toState: contractStateSchema,
  note: z.string(),
  at: z.iso.datetime(),
  byAccountId: z.string().nullable(),
  byEmail: z.string().nullable(),
});

/** A row of an account's admin list: the account itself as main contact, then its sub-admins. */
export const adminListEntrySchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: adminRoleSchema,
  authority: authoritySchema,
  passwordSet: z.boolean(),
});

const userSchema = z.object({ user: userViewSchema });
/** One user as its detail screen shows it: with its sites' media against its plan's storage quota. */
const userDetailSchema = userSchema.extend({ storage: storageUseSchema });
const historySchema = z.object({ history: z.array(contractHistoryEntrySchema) });
const adminListSchema = z.object({ admins: z.array(adminListEntrySchema) });

/**
 * The fields of the password forms, each a plain string here: the route checks them by the
 * password rule itself (model/password-rule.ts) after the token, so that a missing token is
 * said first and a mismatched confirmation answers in the caller's language.
 */
const resetPasswordFieldsSchema = z.object({ token: z.string().optional(), password: z.string().optional(), confirmPassword: z.string().optional() });
const changePasswordFieldsSchema = z.object({ currentPassword: z.string().optional(), password: z.string().optional(), confirmPassword: z.string().optional() });

/** The user calls of one `{master|oem-master|oem-admin}` prefix, open to the types that prefix serves. */
function prefixedUserContracts<const P extends UserApiPrefix>(prefix: P) {
  const types = USER_API_PREFIX_TYPES[prefix];
  return {
    create: contract({
      method: 'POST',
      path: `/${prefix}/user`,
      origin: 'admin',
      summary: `Create a user below the caller (or below parentId), invited by mail unless given a first password (${prefix})`,
      policy: change('parent', { types }),
      body: createUserInputSchema,
      response: userSchema,
      status: 201,
    }),
    import: contract({
      method: 'POST',
      path: `/${prefix}/user/import`,
      origin: 'admin',
      summary: `Create users from a CSV file, all or none, and invite them (${prefix})`,
      policy: change('none', { types }),
      body: { kind: 'upload', field: 'file', description: 'a CSV file with the columns of USER_CSV_COLUMNS, at most 5 MB', maxFileBytes: MAX_CSV_BYTES },
      response: z.object({ imported: z.number().int().nonnegative(), users: z.array(userViewSchema), invitationsFailed: z.number().int().nonnegative() }),
      status: 201,
    }),
    get: contract({ method: 'GET', path: `/${prefix}/user/:id`, origin: 'admin', summary: `One user (${prefix})`, policy: read('account', { types, self: true }), response: userDetailSchema }),
    history: contract({
      method: 'GET',
      path: `/${prefix}/user/:id/user-history`,
      origin: 'admin',
      summary: `A user's contract history, oldest first (${prefix})`,
      policy: read('account', { types, self: true }),
      response: historySchema,
    }),
  };
}

/** The user calls per prefix of spec §7, for a caller that picks its prefix at run time. */
export const prefixedUsers = {
  master: prefixedUserContracts('master'),
  'oem-master': prefixedUserContracts('oem-master'),
  'oem-admin': prefixedUserContracts('oem-admin'),
} satisfies Record<UserApiPrefix, Record<string, Contract>>;

/** The back office's identity: sign-in and passwords, plans, users and their contracts, admin lists. */
export const identityContracts = {
  meta: contract({
    method: 'GET',
    path: '/meta',
    origin: 'admin',
    summary: 'Public facts the console needs before sign-in: where published sites are served',
    policy: PUBLIC,
    response: z.object({
      siteOrigin: z.string().nullable(),
      /** Sites are served on `{handle}.{siteDomain}`: SITE_DOMAIN, else SITE_ORIGIN's host name. */
      siteDomain: z.string().nullable(),
    }),
  }),

  health: contract({
    method: 'GET',
    path: '/health',
    origin: 'admin',
    summary:
      'For a monitor: whether the database answers, whether Redis answers (null without Redis), 503 if either failed; whether the storage takes a write now, if not why, by key, in the caller’s language',
    policy: PUBLIC,
    response: z.object({
      database: z.object({ ok: z.boolean() }),
      redis: z.object({ ok: z.boolean() }).nullable(),
      storage: z.object({ writable: z.boolean(), key: z.enum(['storageFull', 'storageReadOnly']).nullable(), message: z.string().nullable() }),
    }),
  }),

  login: contract({
    method: 'POST',
    path: '/auth/login',
    origin: 'admin',
    summary: 'Sign in; sets the session cookie',
    policy: PUBLIC,
    body: loginInputSchema,
    response: signedInSchema,
    limited: true,
  }),
  logout: contract({ method: 'POST', path: '/auth/logout', origin: 'admin', summary: 'Sign out of every device of the account', policy: PUBLIC, response: messageSchema }),
  refreshSession: contract({
    method: 'POST',
    path: '/auth/refresh-token',
    origin: 'admin',
    summary: 'Replace the session secret (the old cookie dies) and extend the session',
    policy: read('none', { ...BEFORE_PASSWORD_CHANGE, sessionOnly: true }),
    response: signedInSchema.extend({ expiresAt: z.iso.datetime() }),
  }),
  userInfo: contract({ method: 'GET', path: '/auth/user-info', origin: 'admin', summary: 'The signed-in account', policy: read('none', BEFORE_PASSWORD_CHANGE), response: signedInSchema }),
  routePrefixes: contract({
    method: 'GET',
    path: '/auth/route-prefixes',
    origin: 'admin',
    summary: "The screens' route prefix per acting type",
    policy: PUBLIC,
    response: z.object({ prefixes: z.record(effectiveTypeSchema, z.string()), subAdmin: z.string() }),
  }),
  forgotPassword: contract({
    method: 'POST',
    path: '/auth/forgot-password',
    origin: 'admin',
    summary: 'Mail a reset link; the same answer whether or not the email is known',
    policy: PUBLIC,
    body: z.object({ email: emailSchema }),
    response: messageSchema,
    limited: true,
  }),
  verifyToken: contract({
    method: 'POST',
    path: '/auth/verify-token',
    origin: 'admin',
    summary: 'Whom a reset or invitation link is for',
    policy: PUBLIC,
    body: z.object({ token: z.string().max(200).default('') }),
    response: z.object({ email: z.string(), purpose: z.enum(['reset', 'invite']) }),
  }),
  resetPassword: contract({
    method: 'POST',
    path: '/auth/reset-password',
    origin: 'admin',
    summary: 'Set a password from a reset or invitation link; every session of the account ends',
    policy: PUBLIC,
    body: resetPasswordFieldsSchema,
    response: messageSchema,
  }),
  changePassword: contract({
    method: 'POST',
    path: '/auth/change-password',
    origin: 'admin',
    summary: "Change one's own password (also the forced first-time change); the other sessions end",
    policy: read('none', { ...BEFORE_PASSWORD_CHANGE, sessionOnly: true }),
    body: changePasswordFieldsSchema,
    response: messageSchema,
  }),

  listPlans: contract({ method: 'GET', path: '/plan', origin: 'admin', summary: 'The plans, cheapest first', policy: read('none'), response: z.object({ plans: z.array(planSchema) }) }),

  listUsers: contract({
    method: 'GET',
    path: '/user',
    origin: 'admin',
    summary: "The users of the caller's branch, searched by company, email or contact, a page at a time",
    policy: read('none', { types: USER_MANAGERS }),
    query: userListQuerySchema,
    response: z.object({ users: z.array(userViewSchema), total: z.number().int().nonnegative(), page: z.number().int().positive(), limit: z.number().int().positive() }),
  }),
  getUser: contract({ method: 'GET', path: '/user/:id', origin: 'admin', summary: 'One user', policy: read('account', { self: true }), response: userDetailSchema }),
  updateUser: contract({
    method: 'PUT',
    path: '/user/:id',
    origin: 'admin',
    summary: "Change a user's contract fields",
    policy: change('account', { types: USER_MANAGERS }),
    body: updateUserInputSchema,
    response: userSchema,
  }),
  createMasterUser: prefixedUsers.master.create,
  importMasterUsers: prefixedUsers.master.import,
  getMasterUser: prefixedUsers.master.get,
  masterUserHistory: prefixedUsers.master.history,
  createOemMasterUser: prefixedUsers['oem-master'].create,
  importOemMasterUsers: prefixedUsers['oem-master'].import,
  getOemMasterUser: prefixedUsers['oem-master'].get,
  oemMasterUserHistory: prefixedUsers['oem-master'].history,
  createOemAdminUser: prefixedUsers['oem-admin'].create,
  importOemAdminUsers: prefixedUsers['oem-admin'].import,
  getOemAdminUser: prefixedUsers['oem-admin'].get,
  oemAdminUserHistory: prefixedUsers['oem-admin'].history,
  changeContractState: contract({
    method: 'PUT',
    path: '/master/user/:id/contract',
    origin: 'admin',
    summary: "Suspend, resume, start or terminate a user's contract (spec §4)",
    policy: change('account', { types: PLATFORM }),
    body: contractChangeInputSchema,
    response: userSchema.extend({ history: z.array(contractHistoryEntrySchema) }),
  }),

  listAdmins: contract({ method: 'GET', path: '/sub-admin', origin: 'admin', summary: "The caller's account's admin list", policy: read('none'), response: adminListSchema }),
  addSubAdmin: contract({
    method: 'POST',
    path: '/sub-admin',
    origin: 'admin',
    summary: 'Add a sub-admin, invited by mail',
    policy: change('none', { roles: ['main_contact'] }),
    body: createSubAdminInputSchema,
    response: adminListSchema,
    status: 201,
  }),
  updateSubAdmin: contract({
    method: 'PUT',
    path: '/sub-admin/:id',
    origin: 'admin',
    summary: "Change a sub-admin's name, role or authority",
    policy: change('account', { roles: ['main_contact'] }),
    body: updateSubAdminInputSchema,
    response: adminListSchema,
  }),
  removeSubAdmin: contract({
    method: 'DELETE',
    path: '/sub-admin/:id',
    origin: 'admin',
    summary: 'Remove a sub-admin',
    policy: change('account', { roles: ['main_contact'] }),
    response: adminListSchema,
  }),
} satisfies Record<string, Contract>;
