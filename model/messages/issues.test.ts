import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createUserInputSchema, loginInputSchema } from '../account.ts';
import { changePasswordInputSchema } from '../password-rule.ts';
import { createSiteInputSchema } from '../site-input.ts';
import { colorSchema, requiredText } from '../validation.ts';
import { messageIssues } from './issues.ts';
import { isMessageKey } from './keys.ts';
import { issueText } from './text.ts';

const issuesOf = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  if (result.success) throw new Error('expected a refusal');
  return messageIssues(result.error.issues, input);
};

describe('messageIssues', () => {
  it('keeps the key a schema of model/ gives, with the bound as a value', () => {
    expect(issuesOf(requiredText(5), 'abcdef')).toEqual([{ path: [], key: 'textTooLong', values: { max: 5 } }]);
    expect(issuesOf(requiredText(5), '  ')).toEqual([{ path: [], key: 'requiredFields', values: { min: 1 } }]);
    expect(issuesOf(colorSchema, 'red')).toEqual([{ path: [], key: 'invalidColour', values: {} }]);
  });

  it("names the field, and takes a custom issue's params as values", () => {
    expect(issuesOf(changePasswordInputSchema, { currentPassword: 'x', password: 'short', confirmPassword: 'short' })).toEqual([
      { path: ['password'], key: 'adminPasswordLength', values: { min: 8, max: 50 } },
    ]);
    expect(issuesOf(createSiteInputSchema, { name: 'Shop', numberHorizontal: 0, numberVertical: 101 })).toEqual([
      { path: ['numberHorizontal'], key: 'gridZero', values: { min: 1 } },
      { path: ['numberVertical'], key: 'rowsMax', values: { max: 100 } },
    ]);
  });

  it("chooses a key by zod's code where the schema gives none", () => {
    const schema = z.strictObject({ a: z.string().max(3), b: z.number().max(9), c: z.array(z.string()).min(2), d: z.enum(['x']), e: z.email(), f: z.number().int() });
    const issues = issuesOf(schema, { a: 'abcd', b: 10, c: [], d: 'y', e: 'no', f: 1.5, g: 1 });
    expect(issues.map(({ path, key, values }) => [path.join('.'), key, values])).toEqual([
      ['a', 'textTooLong', { max: 3 }],
      ['b', 'numberTooLarge', { max: 9 }],
      ['c', 'tooFewItems', { min: 2 }],
      ['d', 'invalidValue', {}],
      ['e', 'invalidEmail', {}],
      ['f', 'wholeNumber', {}],
      ['', 'unknownField', { keys: 'g' }],
    ]);
  });

  it('reads a missing value as required when it has the input, as a bad value otherwise', () => {
    const schema = z.object({ name: z.string() });
    expect(issuesOf(schema, {})).toEqual([{ path: ['name'], key: 'requiredFields', values: {} }]);
    const result = schema.safeParse({ name: 3 });
    expect(messageIssues(result.error!.issues)).toEqual([{ path: ['name'], key: 'invalidValue', values: {} }]);
  });

  it('gives every refusal of the shared forms a key with a text', () => {
    for (const [schema, input] of [
      [loginInputSchema, { email: 'nope', password: '' }],
      [createUserInputSchema, { companyName: '', email: 'x', accountType: 'USER', contractStart: '2030-02-01', contractExpiry: '2030-01-01' }],
    ] as const) {
      for (const issue of issuesOf(schema, input)) {
        expect(isMessageKey(issue.key)).toBe(true);
        expect(issueText(issue, 'jp')).not.toMatch(/\{\w+\}/);
      }
    }
    expect(issuesOf(loginInputSchema, { email: 'nope', password: '' }).map((issue) => issueText(issue, 'en'))).toEqual(['Invalid email address.', 'Please enter all required fields.']);
  });
});
