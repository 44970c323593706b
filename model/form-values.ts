// zod's own email pattern (what z.email() tests) without zod's schema runtime: the viewer's
// screens run this same check before sending, and it must agree with the server's.
import { regexes } from 'zod/v4/core';
import { INPUT_LENGTHS, URL_MAX } from './constants.ts';
import type { FormField } from './site.ts';
import type { VisitorMessageKey } from './messages/keys.ts';
import { visitorPasswordProblem } from './visitor-password.ts';

/** A value a visitor sends for one field: text, a number, or the options ticked. */
export type FormValue = string | number | string[];
export type FormValues = Record<string, FormValue>;

export type FormCheck = { ok: true; values: FormValues } | { ok: false; field: string; problem: VisitorMessageKey };

/**
 * The key a field's value travels under: its `value` (the defaults use 'email', 'companyName'),
 * else its title, so a field an owner adds without a key still has one.
 * @example formFieldKey({ value: '', title: 'Age', … }) // 'Age'
 */
export function formFieldKey(field: Pick<FormField, 'value' | 'title'>): string {
  return field.value.trim() || field.title;
}

/** Keys whose values get a rule of their own wherever they appear. */
export const MEMBERSHIP_KEYS = ['email', 'password', 'confirmPassword'] as const;

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0);
}

function checkField(field: FormField, key: string, raw: unknown): { value: FormValue } | { problem: VisitorMessageKey } {
  const options = field.options.map((option) => option.value);
  switch (field.typeInput) {
    case 'NUMBER': {
      const number = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : Number.NaN;
      return Number.isFinite(number) ? { value: number } : { problem: 'invalidNumber' };
    }
    case 'SELECT':
      return typeof raw === 'string' && options.includes(raw) ? { value: raw } : { problem: 'invalidOption' };
    case 'SELECT_OPTIONS': {
      const ticked = typeof raw === 'string' ? [raw] : raw;
      if (!Array.isArray(ticked) || !ticked.every((item) => typeof item === 'string' && options.includes(item))) return { problem: 'invalidOption' };
      return { value: [...new Set(ticked as string[])] };
    }
    case 'TEXT_BOX': {
      if (typeof raw !== 'string' && typeof raw !== 'number') return { problem: 'requiredFields' };
      const text = String(raw).trim();
      if (key === 'email') {
        if (text.length > URL_MAX || !regexes.email.test(text)) return { problem: 'invalidEmail' };
        return { value: text.toLowerCase() };
      }
      if (key === 'password' || key === 'confirmPassword') {
        // Passwords are kept exactly as typed; their rule is checked with the confirmation below.
        return typeof raw === 'string' ? { value: raw } : { problem: 'passwordRule' };
      }
      return text.length <= INPUT_LENGTHS.long ? { value: text } : { problem: 'tooLong' };
    }
  }
}

/**
 * Checks what a visitor sent against a form's fields, as the server and the viewer both do:
 * required fields filled, numbers numeric, choices among the options, an `email` field well
 * formed, a `password` field by V §5 and matched by `confirmPassword`. Keys the form does not
 * have are refused. Returns the cleaned values, or the first field at fault and why.
 *
 * @example validateFormSubmission(formFieldsFor('CONTACT_SETTING', undefined), { email: 'a@b.jp', companyName: 'ACME' })
 */
export function validateFormSubmission(fields: readonly FormField[], data: unknown): FormCheck {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return { ok: false, field: '', problem: 'requiredFields' };
  const sent = data as Record<string, unknown>;
  const keys = new Map(fields.map((field) => [formFieldKey(field), field]));
  const unknown = Object.keys(sent).find((key) => !keys.has(key));
  if (unknown !== undefined) return { ok: false, field: unknown, problem: 'unknownField' };
  const values: FormValues = {};
  for (const [key, field] of keys) {
    const raw = sent[key];
    if (isBlank(raw)) {
      if (field.isRequired) return { ok: false, field: key, problem: 'requiredFields' };
      continue;
    }
    const checked = checkField(field, key, raw);
    if ('problem' in checked) return { ok: false, field: key, problem: checked.problem };
    values[key] = checked.value;
  }
  if (typeof values.password === 'string') {
    const problem = visitorPasswordProblem(values.password);
    if (problem) return { ok: false, field: 'password', problem };
    if (keys.has('confirmPassword') && values.confirmPassword !== values.password) return { ok: false, field: 'confirmPassword', problem: 'passwordMismatch' };
  }
  return { ok: true, values };
}
