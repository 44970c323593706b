import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../db/schema.ts';
import { messageText } from '../../model/messages/text.ts';
import { createTestContext, type TestContext } from '../test-support.ts';

/**
 * Refusals travel as keys and are worded in the caller's language: the two the console used to
 * receive in English whatever its language (a repeated email, a domain another site uses).
 */
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.cleanup());

describe('refusals in the caller language', () => {
  it('answers a repeated email in Japanese to a Japanese console, with its key and the field it names', async () => {
    const operator = (await ctx.db.select().from(accounts).get())!;
    const response = await ctx.request('/api/master/user', {
      method: 'POST',
      headers: { 'accept-language': 'ja' },
      json: { companyName: 'X', email: operator.email, accountType: 'OEM_MASTER', planId: 'oem' },
    });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body).toMatchObject({ code: 'validation', key: 'emailTaken', message: `email: ${messageText('emailTaken', 'jp')}`, issues: [{ path: ['email'], key: 'emailTaken' }] });
    expect(body.message).not.toContain('already');
  });

  it('answers a domain another site uses in Korean to a Korean console, naming the domain', async () => {
    const first = await ctx.createSite({ name: 'First' });
    const second = await ctx.createSite({ name: 'Second' });
    expect((await ctx.request(`/api/site/${first.id}`, { method: 'PUT', json: { customDomain: 'shop.example.com' } })).status).toBe(200);
    const response = await ctx.request(`/api/site/${second.id}`, { method: 'PUT', headers: { 'accept-language': 'ko-KR,ko;q=0.9' }, json: { customDomain: 'shop.example.com' } });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      key: 'domainTaken',
      values: { domain: 'shop.example.com' },
      message: messageText('domainTaken', 'kr', { domain: 'shop.example.com' }),
      issues: [{ path: ['customDomain'], key: 'domainTaken' }],
    });
  });
});
