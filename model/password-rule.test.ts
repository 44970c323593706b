import { describe, expect, it } from 'vitest';
import type { core } from 'zod';
import { messageIssues } from './messages/issues.ts';
import { issueText } from './messages/text.ts';
import { adminPasswordProblem, changePasswordInputSchema } from './password-rule.ts';

const english = (issues: readonly core.$ZodIssue[]) => issueText(messageIssues(issues)[0]!, 'en');

describe('the admin password rule', () => {
  it.each(['Abcdef1#', 'Zz9@zzzz', `A1b${'?'.repeat(47)}`, 'Aa1()[]{}<>:;,.-=+|_^&*%$#@?'.slice(0, 50)])('accepts %s', (password) => {
    expect(adminPasswordProblem(password)).toBeNull();
  });

  it.each([
    ['too short', 'Ab1#xyz'],
    ['too long', `Ab1#${'x'.repeat(47)}`],
    ['without a lowercase letter', 'ABCDEF1#'],
    ['without an uppercase letter', 'abcdef1#'],
    ['without a digit', 'Abcdefg#'],
    ["without a special of the spec's set", 'Abcdefg1!'],
    ['with a space', 'Abc def1#'],
  ])('refuses a password %s', (_case, password) => {
    expect(adminPasswordProblem(password)).not.toBeNull();
  });

  it("asks for the confirmation to match, with the spec's message", () => {
    const result = changePasswordInputSchema.safeParse({ currentPassword: 'x', password: 'Abcdef1#', confirmPassword: 'Abcdef1$' });
    expect(result.success ? null : result.error.issues[0]).toMatchObject({ path: ['confirmPassword'] });
    expect(english(result.error!.issues)).toBe('Passwords do not match. Please try again.');
  });
});
