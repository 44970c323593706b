import { PASSWORD_LENGTH, PASSWORD_SPECIALS } from './constants.ts';
import type { VisitorMessageKey } from './messages/keys.ts';

const SPECIAL = new RegExp(`[${PASSWORD_SPECIALS.replace(/[\]\\^-]/g, '\\$&')}]`);

/**
 * Why a visitor's password breaks V §5, or null when it is fine: 8 to 20 characters, a
 * lowercase letter, an uppercase letter, a digit and one of the spec's symbols, no spaces.
 * @example visitorPasswordProblem('Abcdef1!') // 'passwordRule' ('!' is not one of the symbols)
 */
export function visitorPasswordProblem(password: string): VisitorMessageKey | null {
  const { min, max } = PASSWORD_LENGTH.visitor;
  const ok = password.length >= min && password.length <= max && !/\s/.test(password) && /[a-z]/.test(password) && /[A-Z]/.test(password) && /[0-9]/.test(password) && SPECIAL.test(password);
  return ok ? null : 'passwordRule';
}
