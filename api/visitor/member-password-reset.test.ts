import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { endUserPasswordResets, endUserSessions } from '../db/schema-visitor.ts';
import { MAIL_REQUESTS } from '../identity/attempt-counter.ts';
import { createTestContext, type TestContext } from '../test-support.ts';
import { MEMBER_RESET_TTL_MS } from './request-member-reset.ts';
import { lastLinkTo, MEMBER_PASSWORD, memberToken } from './visitor-test-support.ts';

const EMAIL = 'member@example.com';
const NEW_PASSWORD = 'Fresh#Pass22';

let ctx: TestContext;
let siteId: string;

beforeEach(async () => {
  ctx = await createTestContext();
  const site = await ctx.createSite({ defaultLanguage: 'jp', languages: ['jp', 'en'] });
  siteId = site.id;
  await ctx.publish(siteId);
});

afterEach(async () => {
  await ctx.cleanup();
});

const forgot = async (email: string, ip = '198.51.100.7', lang = 'en') => await ctx.visit(`/api/end-user/site/${siteId}/forgot-password`, { method: 'POST', site: siteId, ip, json: { email, lang } });
const reset = async (body: { token: string; password: string; confirmPassword: string; lang?: string }) =>
  await ctx.visit(`/api/end-user/site/${siteId}/reset-password`, { method: 'POST', site: siteId, json: { lang: 'en', ...body } });
const login = async (password: string) => await ctx.visit(`/api/end-user/site/${siteId}/login`, { method: 'POST', site: siteId, json: { email: EMAIL, password } });

/** The secret of the last reset link mailed to the member (it rides in the address's fragment). */
async function mailedToken(): Promise<{ link: URL; token: string }> {
  const link = new URL(await lastLinkTo(ctx, EMAIL));
  return { link, token: new URLSearchParams(link.hash.slice(1)).get('token') ?? '' };
}

describe("a member's forgotten password", () => {
  it('mails a link to the new-password screen on the site’s own origin; the new password logs in, the old one and every old session stop', async () => {
    const oldToken = await memberToken(ctx, siteId, EMAIL);
    const answer = await forgot(EMAIL);
    expect(answer.status).toBe(200);
    expect((await answer.json()).message).toContain('If this email is registered');
    const { link, token } = await mailedToken();
    expect(link.origin).toBe(await ctx.originOf(siteId));
    expect(link.pathname).toBe('/en/new-password');
    // The secret is never in the part of the address a server sees.
    expect(link.search).toBe('');
    expect(token).toMatch(/^[A-Za-z0-9_-]{40,}$/);

    const changed = await reset({ token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(changed.status).toBe(200);
    expect((await changed.json()).message).toBe('Your password has been changed. Please log in with the new one.');
    expect((await login(MEMBER_PASSWORD)).status).toBe(401);
    expect((await login(NEW_PASSWORD)).status).toBe(200);
    const me = await ctx.visit(`/api/end-user/site/${siteId}/me`, { site: siteId, headers: { authorization: `Bearer ${oldToken}` } });
    expect(me.status).toBe(401);
  });

  it('answers the same for an email that is no member’s, and mails nothing', async () => {
    await memberToken(ctx, siteId, EMAIL);
    const before = (await ctx.outbox()).length;
    const answer = await forgot('stranger@example.com');
    expect(answer.status).toBe(200);
    expect((await answer.json()).message).toContain('If this email is registered');
    expect((await ctx.outbox()).length).toBe(before);
  });

  it('uses a link once, and only the latest one mailed', async () => {
    await memberToken(ctx, siteId, EMAIL);
    await forgot(EMAIL);
    const first = (await mailedToken()).token;
    await forgot(EMAIL);
    const second = (await mailedToken()).token;
    expect(second).not.toBe(first);
    const stale = await reset({ token: first, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(stale.status).toBe(400);
    expect(await stale.json()).toMatchObject({ key: 'resetLinkInvalid' });
    // Parallel uses of one link: exactly one sets the password.
    const uses = await Promise.all(Array.from({ length: 5 }, async () => await reset({ token: second, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD })));
    expect(uses.map((use) => use.status).sort()).toEqual([200, 400, 400, 400, 400]);
    expect(await ctx.db.select().from(endUserPasswordResets).all()).toEqual([]);
  });

  it('refuses an expired link', async () => {
    await memberToken(ctx, siteId, EMAIL);
    await forgot(EMAIL);
    const { token } = await mailedToken();
    await ctx.db
      .update(endUserPasswordResets)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .run();
    const answer = await reset({ token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({ key: 'resetLinkInvalid' });
    expect(MEMBER_RESET_TTL_MS).toBe(3_600_000);
  });

  it('checks the new password beside its field before it spends the link, in the visitor’s language', async () => {
    await memberToken(ctx, siteId, EMAIL);
    await forgot(EMAIL, undefined, 'jp');
    const { token } = await mailedToken();
    const weak = await reset({ token, password: 'short', confirmPassword: 'short', lang: 'jp' });
    expect(weak.status).toBe(400);
    expect(await weak.json()).toMatchObject({ key: 'passwordRule', issues: [{ path: ['password'], key: 'passwordRule' }] });
    const mismatch = await reset({ token, password: NEW_PASSWORD, confirmPassword: `${NEW_PASSWORD}x`, lang: 'jp' });
    expect(await mismatch.json()).toMatchObject({ key: 'passwordMismatch', issues: [{ path: ['confirmPassword'] }], message: expect.stringContaining('パスワードが一致しません。') });
    const missing = await reset({ token: '', password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(await missing.json()).toMatchObject({ key: 'tokenMissing' });
    // The link still works after those refusals.
    expect((await reset({ token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD })).status).toBe(200);
  });

  it('does not open another site’s member with this site’s link', async () => {
    await memberToken(ctx, siteId, EMAIL);
    await forgot(EMAIL);
    const { token } = await mailedToken();
    const other = await ctx.createSite();
    await ctx.publish(other.id);
    await memberToken(ctx, other.id, EMAIL);
    const answer = await ctx.visit(`/api/end-user/site/${other.id}/reset-password`, { method: 'POST', site: other.id, json: { token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD } });
    expect(answer.status).toBe(400);
  });

  it('counts requests per email under parallel requests: past the limit they answer 429 and mail nothing more', async () => {
    await memberToken(ctx, siteId, EMAIL);
    const before = (await ctx.outbox()).length;
    // Each from its own address, so only the count per email can stop them.
    const answers = await Promise.all(Array.from({ length: MAIL_REQUESTS.perEmail + 5 }, async (_, i) => await forgot(EMAIL, `203.0.113.${i + 1}`)));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(MAIL_REQUESTS.perEmail);
    expect(statuses.filter((status) => status === 429)).toHaveLength(5);
    expect((await ctx.outbox()).length - before).toBe(MAIL_REQUESTS.perEmail);
  });
});

describe("a member's logout", () => {
  it('ends that session only, and answers in the visitor’s language', async () => {
    const first = await memberToken(ctx, siteId, EMAIL);
    const second = (await (await login(MEMBER_PASSWORD)).json()).token as string;
    const out = await ctx.visit(`/api/end-user/site/${siteId}/logout`, { method: 'POST', site: siteId, headers: { authorization: `Bearer ${first}`, 'accept-language': 'ja' } });
    expect(out.status).toBe(200);
    expect((await out.json()).message).toBe('ログアウトしました。');
    const me = async (token: string) => await ctx.visit(`/api/end-user/site/${siteId}/me`, { site: siteId, headers: { authorization: `Bearer ${token}` } });
    expect((await me(first)).status).toBe(401);
    expect((await me(second)).status).toBe(200);
    expect(await ctx.db.select().from(endUserSessions).where(eq(endUserSessions.siteId, siteId)).all()).toHaveLength(1);
  });
});
