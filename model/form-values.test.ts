import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { validateFormSubmission } from './form-values.ts';
import { DEFAULT_FORM_FIELDS } from './site.ts';

describe('form checks without zod schemas (the viewer runs these before sending)', () => {
  it('judges emails exactly as z.email() does on the server', () => {
    const samples = [
      'a@b.jp',
      'first.last+tag@example.co.uk',
      'a..b@example.com',
      '.a@example.com',
      'a@b',
      'a@-b.com',
      'ユーザー@example.jp',
      "o'neil@example.org",
      'a@b.c',
      'user@sub.example.travel',
    ];
    const fields = DEFAULT_FORM_FIELDS.CONTACT_SETTING;
    for (const email of samples) {
      const check = validateFormSubmission(fields, { email, companyName: 'ACME' });
      expect({ email, ok: check.ok || check.problem !== 'invalidEmail' }).toEqual({ email, ok: z.email().safeParse(email).success });
    }
  });
});
