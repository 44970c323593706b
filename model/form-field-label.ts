import type { Language } from './language.ts';
import type { VisitorMessageKey } from './messages/keys.ts';
import { visitorText } from './messages/visitor-text.ts';

/**
 * The label a form field shows: the owner's title when they set one, else, for a field of the
 * spec's defaults (keyed by its value), the keyed message in the page's language. So a new site's
 * sign-up and contact forms read in each of its languages until the owner words them.
 * No zod here: the viewer's screens bundle this file.
 */

const DEFAULT_LABELS: Readonly<Record<string, VisitorMessageKey>> = {
  email: 'fieldEmail',
  password: 'fieldPassword',
  confirmPassword: 'fieldConfirmPassword',
  companyName: 'fieldCompanyName',
};

/** Whether a field with this value has a label of its own in every language, so its title may be left empty. */
export function hasDefaultLabel(value: string): boolean {
  return Object.hasOwn(DEFAULT_LABELS, value.trim());
}

/**
 * @example formFieldLabel({ title: '', value: 'email' }, 'jp') // 'メールアドレス'
 * @example formFieldLabel({ title: 'Work email', value: 'email' }, 'jp') // 'Work email'
 */
export function formFieldLabel(field: { title: string; value: string }, lang: Language): string {
  const own = field.title.trim();
  if (own) return own;
  const key = DEFAULT_LABELS[field.value.trim()];
  return key ? visitorText(key, lang) : field.value;
}
