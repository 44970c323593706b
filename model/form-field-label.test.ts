import { describe, expect, it } from 'vitest';
import { formFieldLabel } from './form-field-label.ts';
import { DEFAULT_FORM_FIELDS } from './site.ts';

describe('a form field’s label', () => {
  it('labels the default sign-up fields in the page’s language', () => {
    expect(DEFAULT_FORM_FIELDS.MEMBERSHIP_SETTING.map((field) => formFieldLabel(field, 'jp'))).toEqual(['メールアドレス', 'パスワード', 'パスワード（確認）']);
    expect(DEFAULT_FORM_FIELDS.CONTACT_SETTING.map((field) => formFieldLabel(field, 'kr'))).toEqual(['이메일', '회사명']);
  });

  it('keeps the owner’s own title in every language', () => {
    expect(formFieldLabel({ title: '連絡先メール', value: 'email' }, 'en')).toBe('連絡先メール');
  });

  it('names an untitled field without a label of its own by its key', () => {
    expect(formFieldLabel({ title: '', value: 'age' }, 'jp')).toBe('age');
  });
});
