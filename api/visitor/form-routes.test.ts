import { sqlAll, sqlRun } from '../db/test-sql.ts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMailer } from '../mail/mailer.ts';
import { startTestSmtpServer, textBody, type TestSmtpServer } from '../mail/smtp-test-server.ts';
import { createTestContext, moveOwnerToPlan, OPERATOR, type TestContext } from '../test-support.ts';

let ctx: TestContext;
let smtp: TestSmtpServer;
let siteId: string;

beforeEach(async () => {
  smtp = await startTestSmtpServer({ rejectRecipient: 'nobody@example.com' });
  ctx = await createTestContext({ mailer: createMailer({ smtpUrl: smtp.url, from: 'Swipegrid <no-reply@swipegrid.test>', outboxDir: '/nonexistent' }) });
  siteId = (await ctx.createSite({ name: 'Tea Shop', numberHorizontal: 1, numberVertical: 1, languages: ['jp', 'en', 'kr'] })).id;
  await ctx.publish(siteId);
});

afterEach(async () => {
  await ctx.cleanup();
  await smtp.close();
});

const entries = async () =>
  (await sqlAll(ctx.db, 'SELECT form_type, lang, mode, data, notified_at IS NOT NULL AS notified, notify_error FROM form_entries ORDER BY created_at')) as {
    form_type: string;
    lang: string;
    mode: string | null;
    data: string;
    notified: number;
    notify_error: string | null;
  }[];
const post = async (path: string, json: unknown, ip = '198.51.100.20') => await ctx.visit(path, { site: siteId, method: 'POST', json, ip });

async function setForms(forms: unknown, extra: Record<string, unknown> = {}) {
  const response = await ctx.request(`/api/site/${siteId}`, { method: 'PUT', json: { forms, ...extra } });
  expect(response.status).toBe(200);
}

describe('POST /api/contact', () => {
  it('stores a valid entry and emails the owner with every field and the visitor as Reply-To', async () => {
    const response = await post('/api/contact', { siteId, data: { email: 'ann@example.com', companyName: 'ACME' }, lang: 'en' });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ message: 'Thank you. Your message has been sent.' });
    expect(await entries()).toEqual([{ form_type: 'CONTACT_SETTING', lang: 'en', mode: null, data: expect.any(String), notified: 1, notify_error: null }]);
    // The stored JSON's spelling is the database's own (PostgreSQL's jsonb spaces and orders keys); its meaning is what counts.
    expect(JSON.parse((await entries())[0]!.data)).toEqual({ email: 'ann@example.com', companyName: 'ACME' });
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.to).toEqual([OPERATOR.email]);
    expect(smtp.received[0]!.raw).toMatch(/^Reply-To: ann@example\.com/m);
    const text = textBody(smtp.received[0]!.raw);
    expect(text).toContain('Email: ann@example.com');
    expect(text).toContain('Company name: ACME');
  });

  it('answers 400 naming the field, in the visitor language, and stores nothing', async () => {
    const missing = await post('/api/contact', { siteId, data: { email: 'ann@example.com' }, lang: 'jp' });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({
      // The default field's label is in the visitor's language too.
      message: '会社名: 必須項目をすべて入力してください。',
      code: 'validation',
      key: 'requiredFields',
      values: {},
      issues: [{ path: ['companyName'], key: 'requiredFields', values: {} }],
    });
    const badEmail = await post('/api/contact', { siteId, data: { email: 'ann', companyName: 'x' }, lang: 'en' });
    expect(((await badEmail.json()) as { message: string }).message).toBe('Email: Invalid email address.');
    const unknown = await post('/api/contact', { siteId, data: { email: 'a@b.jp', companyName: 'x', isAdmin: true }, lang: 'en' });
    expect(((await unknown.json()) as { message: string }).message).toBe('isAdmin: This field is not part of the form.');
    expect((await post('/api/contact', { data: {} })).status).toBe(400);
    expect((await ctx.visit('/api/contact', { site: siteId, method: 'POST', body: 'not json', ip: '198.51.100.20' })).status).toBe(400);
    expect((await post('/api/contact', { siteId: 'missing-site', data: {} })).status).toBe(404);
    expect(await entries()).toEqual([]);
  });

  it('validates against the configured fields: order, required flags, numbers and options', async () => {
    await setForms({
      CONTACT_SETTING: [
        { typeForm: 'CONTACT_SETTING', title: 'Email', value: 'email', isRequired: true, orderNum: 0 },
        { typeForm: 'CONTACT_SETTING', title: 'Cups a day', value: 'cups', typeInput: 'NUMBER', isRequired: true, orderNum: 1 },
        { typeForm: 'CONTACT_SETTING', title: 'Leaf', value: 'leaf', typeInput: 'SELECT', options: [{ value: 'Green' }, { value: 'Black' }], orderNum: 2 },
      ],
    });
    const settings = (await (await ctx.visit(`/api/end-user/site/${siteId}/contact-setting`, { site: siteId })).json()) as { fields: { value: string }[]; locked: boolean };
    expect(settings.locked).toBe(false);
    expect(settings.fields.map((field) => field.value)).toEqual(['email', 'cups', 'leaf']);
    expect(((await (await post('/api/contact', { siteId, data: { email: 'a@b.jp', cups: 'many' }, lang: 'en' })).json()) as { message: string }).message).toBe('Cups a day: Enter a number.');
    expect(((await (await post('/api/contact', { siteId, data: { email: 'a@b.jp', cups: 2, leaf: 'Oolong' }, lang: 'en' })).json()) as { message: string }).message).toBe(
      'Leaf: Choose one of the options.',
    );
    expect((await post('/api/contact', { siteId, data: { email: 'a@b.jp', cups: '2', leaf: 'Green' }, lang: 'en' })).status).toBe(201);
    expect(JSON.parse((await entries())[0]!.data)).toEqual({ email: 'a@b.jp', cups: 2, leaf: 'Green' });
  });

  it('keeps the entry when the owner cannot be emailed, recording why', async () => {
    await sqlRun(ctx.db, 'UPDATE accounts SET email = ?', 'nobody@example.com');
    const response = await post('/api/contact', { siteId, data: { email: 'ann@example.com', companyName: 'ACME' }, lang: 'en' });
    expect(response.status).toBe(201);
    const [entry] = await entries();
    expect(entry).toMatchObject({ notified: 0, notify_error: expect.stringMatching(/Mailbox unavailable/) });
  });

  it('answers a filled honeypot as a success and stores nothing', async () => {
    const response = await post('/api/contact', { siteId, data: { email: 'bot@example.com', companyName: 'Spam' }, website: 'http://spam.example' });
    expect(response.status).toBe(201);
    expect(await entries()).toEqual([]);
    expect(smtp.received).toHaveLength(0);
  });

  it("locks forms once the owner's plan lacks settingFormContact, and says so in the settings", async () => {
    await moveOwnerToPlan(ctx, siteId, 'trial-multilingual');
    const response = await post('/api/contact', { siteId, data: { email: 'ann@example.com', companyName: 'ACME' }, lang: 'en' });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toBe('This form is not available on this site.');
    expect(((await (await ctx.visit(`/api/end-user/site/${siteId}/homepage-setting`, { site: siteId })).json()) as { locked: boolean }).locked).toBe(true);
    expect(((await (await ctx.visit(`/api/end-user/site/${siteId}/membership-setting`, { site: siteId })).json()) as { locked: boolean }).locked).toBe(false);
    expect(await entries()).toEqual([]);
  });
});

describe('POST /api/homepage', () => {
  it('stores the custom form with its mode and defaults (email, company name), thanking in Korean', async () => {
    const response = await post('/api/homepage', { siteId, data: { email: 'bob@example.com', companyName: 'Bob Ltd' }, lang: 'kr', mode: 'form' });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ message: '전송되었습니다. 감사합니다.' });
    expect(await entries()).toMatchObject([{ form_type: 'HOMEPAGE_SETTING', lang: 'kr', mode: 'form', notified: 1 }]);
    expect(textBody(smtp.received[0]!.raw)).toContain('Bob Ltd');
  });
});

describe('settings for the visitor screens', () => {
  it('answers the spec defaults for unset forms, company info in the asked language and the scripts', async () => {
    await ctx.request(`/api/site/${siteId}`, { method: 'PUT', json: { company: { companyProfile: '会社概要', showInContact: true }, scripts: { contactScript: 'console.log(1)' } } });
    await ctx.request(`/api/site/${siteId}?lang=en`, { method: 'PUT', json: { company: { companyProfile: 'About us' } } });
    const membership = (await (await ctx.visit(`/api/end-user/site/${siteId}/membership-setting`, { site: siteId })).json()) as { typeForm: string; fields: { value: string; isRequired: boolean }[] };
    expect(membership.typeForm).toBe('MEMBERSHIP_SETTING');
    expect(membership.fields.map((field) => [field.value, field.isRequired])).toEqual([
      ['email', true],
      ['password', true],
      ['confirmPassword', true],
    ]);
    expect(await (await ctx.visit(`/api/end-user/site/${siteId}/company`, { site: siteId })).json()).toMatchObject({ companyProfile: '会社概要', showInContact: true });
    expect(await (await ctx.visit(`/api/end-user/site/${siteId}/company?lang=en`, { site: siteId })).json()).toMatchObject({ companyProfile: 'About us' });
    expect(await (await ctx.visit(`/api/end-user/site/${siteId}/scripts`, { site: siteId })).json()).toEqual({ contactScript: 'console.log(1)', membershipScript: '', formScript: '' });
  });
});
