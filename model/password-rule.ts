import { z } from 'zod';
import { PASSWORD_LENGTH, PASSWORD_SPECIALS } from './constants.ts';

const { min, max } = PASSWORD_LENGTH.admin;
const SPECIAL = new RegExp(`[${PASSWORD_SPECIALS.replace(/[\\\]^-]/g, '\\$&')}]`);

/** Why a password breaks the admin rule of spec §5, or null when it meets it. */
export function adminPasswordProblem(password: string): string | null {
  if (password === '') return 'Please enter all required fields.';
  if (password.length < min || password.length > max) return `Password must be ${min} to ${max} characters.`;
  if (/\s/.test(password)) return 'Password must not contain spaces.';
  if (!/[a-z]/.test(password) || !/[A-Z]/.test(password) || !/\d/.test(password) || !SPECIAL.test(password)) {
    return `Password must contain a lowercase letter, an uppercase letter, a digit and one of ${PASSWORD_SPECIALS}`;
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
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match. Please try again.';

function confirmationMatches(value: { password: string; confirmPassword: string }, ctx: z.RefinementCtx): void {
  if (value.password !== value.confirmPassword) ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: PASSWORDS_DO_NOT_MATCH });
}

/** Change password (and the forced first-time change): the current one, the new one twice. */
export const changePasswordInputSchema = z
  .object({ currentPassword: z.string().min(1, 'Please enter all required fields.').max(200), password: adminPasswordSchema, confirmPassword: z.string() })
  .superRefine(confirmationMatches);

/** Reset password from an emailed link (or an invitation): the token and the new password twice. */
export const resetPasswordInputSchema = z.object({ token: z.string().max(200).default(''), password: adminPasswordSchema, confirmPassword: z.string() }).superRefine(confirmationMatches);
