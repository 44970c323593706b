import { z } from 'zod';
import { PASSWORD_LENGTH, PASSWORD_SPECIALS } from './constants.ts';
import type { MessageKey } from './messages/keys.ts';

const { min, max } = PASSWORD_LENGTH.admin;
const SPECIAL = new RegExp(`[${PASSWORD_SPECIALS.replace(/[\\\]^-]/g, '\\$&')}]`);

/** Why a password breaks a rule, as a message key and the values its text names. */
export type PasswordProblem = { key: MessageKey; values: Record<string, string | number> };

/** Why a password breaks the admin rule of spec §5, or null when it meets it. */
export function adminPasswordProblem(password: string): PasswordProblem | null {
  if (password === '') return { key: 'requiredFields', values: {} };
  if (password.length < min || password.length > max) return { key: 'adminPasswordLength', values: { min, max } };
  if (/\s/.test(password)) return { key: 'passwordNoSpaces', values: {} };
  if (!/[a-z]/.test(password) || !/[A-Z]/.test(password) || !/\d/.test(password) || !SPECIAL.test(password)) {
    return { key: 'adminPasswordCharacters', values: { specials: PASSWORD_SPECIALS } };
  }
  return null;
}

/**
 * The back-office password rule (spec §5): 8 to 50 characters, a lowercase and an uppercase
 * letter, a digit, one special of `@#$%^&*()_+|{}<>:;[]-=,.?`, no spaces.
 * @example adminPasswordSchema.safeParse('Abcdef1#').success // true
 */
export const adminPasswordSchema = z.string().superRefine((password, ctx) => {
  const problem = adminPasswordProblem(password);
  if (problem) ctx.addIssue({ code: 'custom', message: problem.key, params: problem.values });
});

function confirmationMatches(value: { password: string; confirmPassword: string }, ctx: z.RefinementCtx): void {
  if (value.password !== value.confirmPassword) ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'passwordMismatch' });
}

/** Change password (and the forced first-time change): the current one, the new one twice. */
export const changePasswordInputSchema = z
  .object({ currentPassword: z.string().min(1, 'requiredFields').max(200), password: adminPasswordSchema, confirmPassword: z.string() })
  .superRefine(confirmationMatches);

/** Reset password from an emailed link (or an invitation): the token and the new password twice. */
export const resetPasswordInputSchema = z.object({ token: z.string().max(200).default(''), password: adminPasswordSchema, confirmPassword: z.string() }).superRefine(confirmationMatches);
