import { z } from 'zod';
import { emailSchema } from './account.ts';
import { TEXT_MAX } from './constants.ts';

/**
 * Sharing a draft's preview (B §2 share and security popups, B §3 "Share info", B §5 "Share
 * passcode required when password is on", V §6 preview token, password and invited emails).
 */

/** How many invited emails one share may hold. */
export const SHARE_EMAILS_MAX = 50;

/**
 * Wrong passcodes a share may take in a window before it locks: per share, all its links and
 * invitations together (each invitation its own budget let the guesses grow with the invitations),
 * and per client address.
 */
export const PREVIEW_LOGIN_LIMITS = { perShare: 5, perIp: 20, windowMs: 15 * 60 * 1000, lockMs: 15 * 60 * 1000 } as const;

/** How long a preview opened with the passcode stays open without asking again. */
export const PREVIEW_SESSION_MS = 12 * 60 * 60 * 1000;

const emails = z.array(emailSchema).max(SHARE_EMAILS_MAX, 'tooManyItems');

/** `POST …/share`: shares the preview (or changes how), inviting the emails not invited yet; each new one is mailed its link. */
export const shareInputSchema = z.object({
  /** Only invited emails' own links open the preview. */
  isPrivate: z.boolean().default(false),
  /** Buttons and link areas do nothing in the shared preview (V §5). */
  viewOnly: z.boolean().default(true),
  emails: emails.default(() => []),
});
export type ShareInput = z.output<typeof shareInputSchema>;

/** `PUT …/share/revoke`: revokes the named emails, or everything (`all`); `resendAll` mails every remaining invitee its link again. */
export const revokeInputSchema = z.object({
  emails: emails.default(() => []),
  all: z.boolean().default(false),
  resendAll: z.boolean().default(false),
});

/** `POST …/share/set-password`: the passcode is required when it is switched on (B §5). */
export const setPasswordInputSchema = z.object({ enabled: z.boolean(), password: z.string().max(TEXT_MAX, 'textTooLong').default('') }).superRefine((input, ctx) => {
  if (input.enabled && input.password.trim() === '') ctx.addIssue({ code: 'custom', path: ['password'], message: 'sharePasscodeRequired' });
});

/** `POST /preview/site/{id}/login` on the preview origin: the shared link's token and the passcode. */
export const previewLoginInputSchema = z.object({
  token: z.string().min(1).max(200),
  password: z.string().min(1, 'requiredFields').max(200),
});

export const shareInviteViewSchema = z.object({ email: z.string(), sentAt: z.iso.datetime().nullable() });

/** A share as its owner sees it: the link (usable unless private), the invitations, the passcode switch. */
export const shareViewSchema = z.object({
  shared: z.literal(true),
  url: z.string(),
  isPrivate: z.boolean(),
  viewOnly: z.boolean(),
  passwordOn: z.boolean(),
  invites: z.array(shareInviteViewSchema),
  createdAt: z.iso.datetime(),
});
export type ShareView = z.output<typeof shareViewSchema>;

/** `GET …/share/status`: whether the preview is shared now, and how. */
export const shareStatusSchema = z.object({
  shared: z.boolean(),
  isPrivate: z.boolean(),
  viewOnly: z.boolean(),
  passwordOn: z.boolean(),
  invited: z.number().int(),
  openSessions: z.number().int(),
});
