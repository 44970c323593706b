import { describe, expect, it } from 'vitest';
import { formFieldSchema, type FormField } from './site.ts';
import { formFieldKey, formFieldsFor, validateFormSubmission } from './form-submission.ts';

const field = (input: Record<string, unknown>): FormField => formFieldSchema.parse({ typeForm: 'CONTACT_SETTING', ...input });

describe('formFieldsFor', () => {
  it('gives the spec defaults when a form is not configured or empty', () => {
    expect(formFieldsFor('CONTACT_SETTING', undefined).map(formFieldKey)).toEqual(['email', 'companyName']);
    expect(formFieldsFor('HOMEPAGE_SETTING', []).map(formFieldKey)).toEqual(['email', 'companyName']);
    expect(formFieldsFor('MEMBERSHIP_SETTING', undefined).map(formFieldKey)).toEqual(['email', 'password', 'confirmPassword']);
  });

  it('sorts configured fields by orderNum', () => {
    const fields = [field({ title: 'B', orderNum: 2 }), field({ title: 'A', orderNum: 1 }), field({ title: 'C', orderNum: 0 })];
    expect(formFieldsFor('CONTACT_SETTING', fields).map((f) => f.title)).toEqual(['C', 'A', 'B']);
  });

  it('keeps email and both passwords in a membership form an owner trimmed', () => {
    const fields = [formFieldSchema.parse({ typeForm: 'MEMBERSHIP_SETTING', title: 'Nickname', orderNum: 5 })];
    expect(formFieldsFor('MEMBERSHIP_SETTING', fields).map(formFieldKey)).toEqual(['email', 'password', 'confirmPassword', 'Nickname']);
  });
});

describe('validateFormSubmission', () => {
  const contact = formFieldsFor('CONTACT_SETTING', undefined);

  it('accepts a complete contact form and lower-cases the email', () => {
    expect(validateFormSubmission(contact, { email: 'Ann@Example.COM', companyName: ' ACME ' })).toEqual({ ok: true, values: { email: 'ann@example.com', companyName: 'ACME' } });
  });

  it('names the missing required field', () => {
    expect(validateFormSubmission(contact, { email: 'ann@example.com', companyName: '  ' })).toEqual({ ok: false, field: 'companyName', problem: 'requiredFields' });
  });

  it('refuses a malformed email', () => {
    expect(validateFormSubmission(contact, { email: 'ann@', companyName: 'ACME' })).toEqual({ ok: false, field: 'email', problem: 'invalidEmail' });
  });

  it('refuses a field the form does not have', () => {
    expect(validateFormSubmission(contact, { email: 'a@b.jp', companyName: 'x', admin: true })).toEqual({ ok: false, field: 'admin', problem: 'unknownField' });
  });

  it('refuses a body that is not an object', () => {
    expect(validateFormSubmission(contact, ['a'])).toMatchObject({ ok: false });
  });

  it('checks numbers, single choices and multiple choices against the options', () => {
    const fields = [
      field({ title: 'Age', typeInput: 'NUMBER', isRequired: true }),
      field({ title: 'Plan', typeInput: 'SELECT', options: [{ value: 'Basic' }, { value: 'Pro' }] }),
      field({ title: 'Topics', typeInput: 'SELECT_OPTIONS', options: [{ value: 'Price' }, { value: 'Support' }] }),
    ];
    expect(validateFormSubmission(fields, { Age: '42', Plan: 'Pro', Topics: ['Price', 'Price', 'Support'] })).toEqual({ ok: true, values: { Age: 42, Plan: 'Pro', Topics: ['Price', 'Support'] } });
    expect(validateFormSubmission(fields, { Age: 'forty' })).toEqual({ ok: false, field: 'Age', problem: 'invalidNumber' });
    expect(validateFormSubmission(fields, { Age: 1, Plan: 'Gold' })).toEqual({ ok: false, field: 'Plan', problem: 'invalidOption' });
    expect(validateFormSubmission(fields, { Age: 1, Topics: ['Other'] })).toEqual({ ok: false, field: 'Topics', problem: 'invalidOption' });
    expect(validateFormSubmission(fields, { Age: 1 })).toEqual({ ok: true, values: { Age: 1 } });
  });

  it('applies the visitor password rule and the confirmation to a membership form', () => {
    const membership = formFieldsFor('MEMBERSHIP_SETTING', undefined);
    expect(validateFormSubmission(membership, { email: 'a@b.jp', password: 'Secret#123', confirmPassword: 'Secret#123' })).toMatchObject({ ok: true });
    expect(validateFormSubmission(membership, { email: 'a@b.jp', password: 'secret#123', confirmPassword: 'secret#123' })).toEqual({ ok: false, field: 'password', problem: 'passwordRule' });
    expect(validateFormSubmission(membership, { email: 'a@b.jp', password: 'Secret#123', confirmPassword: 'Secret#124' })).toEqual({
      ok: false,
      field: 'confirmPassword',
      problem: 'passwordMismatch',
    });
  });
});
