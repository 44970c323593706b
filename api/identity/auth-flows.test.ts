import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSession, SESSION_COOKIE, SESSION_TTL_MS, validateSession } from './sessions.ts';
import { accounts, sessions } from '../db/schema.ts';
import { loginThrottle } from '../db/schema-identity.ts';
import { THROTTLE } from './login-throttle.ts';
import { addAccount, createTestContext, OPERATOR, sessionCookie, type TestContext } from '../test-support.ts';

let ctx: TestContext;

beforeEach(async () => {
  ctx = await createTestContext();
});

afterEach(async () => {
  await ctx.cleanup();
});

function post(path: string, body: unknown, headers: Record<string, string> = {}, ip = '203.0.113.7') {
  return ctx.admin.request(
    `http://localhost/api${path}`,
    { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) },
    { incoming: { socket: { remoteAddress: ip } } },
  );
}

const NEW_PASSWORD = 'Brand#New2pass';

async function linkToken(): Promise<string> {
  const mail = (await ctx.outbox()).at(-1)!;
  return decodeURIComponent(/token=([^\s]+)/.exec(mail.text)![1]!);
}

describe('sessions', () => {
  it('expire after SESSION_TTL_MS idle, and slide forward when used past half their life', async () => {
    const accountId = (await ctx.db.select().from(accounts).get())!.id;
    const start = Date.now();
    const { token } = await createSession(ctx.db, accountId, start);
    expect(await validateSession(ctx.db, token, start + SESSION_TTL_MS / 4)).toMatchObject({ renewed: false });
    const slid = (await validateSession(ctx.db, token, start + SESSION_TTL_MS * 0.75))!;
    expect(slid.renewed).toBe(true);
    expect(slid.expiresAt.getTime()).toBe(start + SESSION_TTL_MS * 1.75);
    expect(await validateSession(ctx.db, token, start + SESSION_TTL_MS * 1.75 + 1)).toBeNull();
    expect(await ctx.db.select().from(sessions).all()).toEqual([]);
  });

  it('an expired session answers 401, and refresh-token cannot revive it', async () => {
    const accountId = (await ctx.db.select().from(accounts).get())!.id;
    const expired = await createSession(ctx.db, accountId, Date.now() - SESSION_TTL_MS - 1);
    const cookie = `${SESSION_COOKIE}=${expired.token}`;
    expect((await ctx.request('/api/auth/user-info', { headers: { cookie } })).status).toBe(401);
    expect((await ctx.request('/api/auth/refresh-token', { method: 'POST', headers: { cookie } })).status).toBe(401);
  });

  it('refresh-token swaps the secret: the new cookie works, the old one no longer does', async () => {
    const old = await ctx.loginAs(OPERATOR.email, OPERATOR.password);
    const response = await ctx.request('/api/auth/refresh-token', { method: 'POST', headers: { cookie: old } });
    expect(response.status).toBe(200);
    const fresh = sessionCookie(response);
    expect(fresh).not.toBe(old);
    expect(response.headers.getSetCookie().join()).toMatch(/HttpOnly/i);
    expect((await ctx.request('/api/auth/user-info', { headers: { cookie: fresh } })).status).toBe(200);
    expect((await ctx.request('/api/auth/user-info', { headers: { cookie: old } })).status).toBe(401);
  });

  it('user-info gives the type, route prefix, role and authority the admin builds its routes from', async () => {
    const user = await addAccount(ctx.db, { type: 'USER', planId: 'light' });
    const viewer = await addAccount(ctx.db, { type: 'SUB_ADMIN', parentId: user.id, role: 'viewer', authority: 'edit' });
    const cookie = await ctx.loginAs(viewer.email, viewer.password);
    const info = await (await ctx.request('/api/auth/user-info', { headers: { cookie } })).json();
    expect(info).toMatchObject({
      account: { accountType: 'SUB_ADMIN', effectiveType: 'USER', routePrefix: 'admin-user', tenantId: user.id, role: 'viewer', authority: 'view', plan: { id: 'light' } },
    });
    const prefixes = await (await ctx.request('/api/auth/route-prefixes', { headers: { cookie: '' } })).json();
    expect(prefixes).toMatchObject({ prefixes: { MASTER: 'master', MASTER_USER: 'master-user', OEM_MASTER: 'admin', OEM_ADMIN: 'admin', USER: 'admin-user' } });
  });
});

describe('login throttling', () => {
  it(`locks an email after ${THROTTLE.perEmail} failures with 429, unknown or not, and keeps it locked even for the right password`, async () => {
    for (const email of [OPERATOR.email, 'nobody@example.com']) {
      for (let attempt = 0; attempt < THROTTLE.perEmail; attempt++) {
        expect((await post('/auth/login', { email, password: 'Wrong#Pass1' })).status).toBe(401);
      }
      const locked = await post('/auth/login', { email, password: OPERATOR.password });
      expect(locked.status).toBe(429);
      expect(await locked.json()).toMatchObject({ code: 'too_many_requests', message: 'Too many login attempts. Please wait a few minutes and try again.' });
    }
    // Another account from the same IP is not locked out by them.
    const other = await addAccount(ctx.db, { type: 'USER', planId: 'trial' });
    expect((await post('/auth/login', { email: other.email, password: other.password })).status).toBe(200);
  });

  it(`locks an IP after ${THROTTLE.perIp} failures across emails; other IPs go on`, async () => {
    for (let attempt = 0; attempt < THROTTLE.perIp; attempt++) {
      expect((await post('/auth/login', { email: `guess${attempt}@example.com`, password: 'Wrong#Pass1' }, {}, '198.51.100.1')).status).toBe(401);
    }
    expect((await post('/auth/login', OPERATOR, { 'accept-language': 'ja' }, '198.51.100.1')).status).toBe(429);
    expect(await (await post('/auth/login', OPERATOR, { 'accept-language': 'ja' }, '198.51.100.1')).json()).toMatchObject({
      message: 'ログインの試行回数が多すぎます。数分待ってからもう一度お試しください。',
    });
    expect((await post('/auth/login', OPERATOR, {}, '198.51.100.2')).status).toBe(200);
  });

  it("lifts the lock once it has run out, and a success clears the email's count", async () => {
    for (let attempt = 0; attempt < THROTTLE.perEmail; attempt++) await post('/auth/login', { email: OPERATOR.email, password: 'Wrong#Pass1' });
    expect((await post('/auth/login', OPERATOR)).status).toBe(429);
    await ctx.db
      .update(loginThrottle)
      .set({ lockedUntil: new Date(Date.now() - 1), windowStart: new Date(Date.now() - THROTTLE.windowMs) })
      .run();
    expect((await post('/auth/login', OPERATOR)).status).toBe(200);
    expect(
      await ctx.db
        .select()
        .from(loginThrottle)
        .where(eq(loginThrottle.key, `email:${OPERATOR.email}`))
        .get(),
    ).toBeUndefined();
  });

  it('answers an unknown email and a wrong password alike, in all four languages', async () => {
    const expected = {
      en: 'The login ID or password is incorrect. Please check and try logging in again.',
      ja: 'ログインIDまたはパスワードが正しくありません。確認してもう一度ログインしてください。',
      'zh-CN': '登录ID或密码不正确。请检查后重新登录。',
      ko: '로그인 ID 또는 비밀번호가 올바르지 않습니다. 확인 후 다시 로그인해 주세요.',
    };
    for (const [language, message] of Object.entries(expected)) {
      const unknown = await post('/auth/login', { email: `x-${language}@example.com`, password: 'Wrong#Pass1' }, { 'accept-language': language }, `192.0.2.${language.length}`);
      const wrong = await post('/auth/login', { email: OPERATOR.email, password: 'Wrong#Pass1' }, { 'accept-language': language }, `192.0.2.${language.length}`);
      for (const response of [unknown, wrong]) {
        expect(response.status).toBe(401);
        expect(await response.json()).toEqual({ message, code: 'unauthenticated', key: 'loginFailed', values: {}, issues: [] });
      }
    }
  });
});

describe('passwords', () => {
  it('forgot password mails a link; verify-token, reset-password, then the old password and old sessions are gone', async () => {
    const user = await addAccount(ctx.db, { type: 'USER', planId: 'trial' });
    const oldSession = await ctx.loginAs(user.email, user.password);
    const answer = await post('/auth/forgot-password', { email: user.email });
    expect(await answer.json()).toEqual({ message: 'If the email is registered, a link to reset the password has been sent.' });
    const unknown = await post('/auth/forgot-password', { email: 'nobody@example.com' });
    expect(await unknown.json()).toEqual({ message: 'If the email is registered, a link to reset the password has been sent.' });
    expect(await ctx.outbox()).toHaveLength(1);
    const mail = (await ctx.outbox())[0]!;
    expect(mail.to).toBe(user.email);
    expect(mail.text).toContain('http://localhost:3000/new-password?token=');
    const token = await linkToken();

    expect(await (await post('/auth/verify-token', { token })).json()).toEqual({ email: user.email, purpose: 'reset' });
    const mismatch = await post('/auth/reset-password', { token, password: NEW_PASSWORD, confirmPassword: 'Other#Pass1' }, { 'accept-language': 'ko' });
    expect(await mismatch.json()).toMatchObject({ message: '비밀번호가 일치하지 않습니다. 다시 시도해 주세요.' });
    const weak = await post('/auth/reset-password', { token, password: 'short', confirmPassword: 'short' });
    expect(weak.status).toBe(400);
    expect((await post('/auth/reset-password', { token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD })).status).toBe(200);

    expect((await post('/auth/reset-password', { token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD })).status).toBe(400);
    expect((await ctx.request('/api/auth/user-info', { headers: { cookie: oldSession } })).status).toBe(401);
    expect((await post('/auth/login', { email: user.email, password: user.password })).status).toBe(401);
    expect((await post('/auth/login', { email: user.email, password: NEW_PASSWORD })).status).toBe(200);
  });

  it('answers "Token is missing." without a token and a clear refusal for a wrong one', async () => {
    const missing = await post('/auth/verify-token', {});
    expect({ status: missing.status, body: await missing.json() }).toEqual({ status: 400, body: { message: 'Token is missing.', code: 'bad_request', key: 'tokenMissing', values: {}, issues: [] } });
    const inJapanese = await post('/auth/reset-password', { password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }, { 'accept-language': 'ja' });
    expect(await inJapanese.json()).toMatchObject({ message: 'トークンがありません。' });
    expect(await (await post('/auth/verify-token', { token: 'made-up' })).json()).toMatchObject({ message: 'The token is invalid or has expired.' });
  });

  it('forces a first-time change for an account whose password someone else chose, then lets it in', async () => {
    const created = await ctx.request('/api/master/user', { method: 'POST', json: { companyName: 'Acme', email: 'acme@example.com', accountType: 'USER', planId: 'light', password: 'Given#Pass1' } });
    expect(created.status).toBe(201);
    const login = await post('/auth/login', { email: 'acme@example.com', password: 'Given#Pass1' });
    expect(await login.json()).toMatchObject({ account: { mustChangePassword: true } });
    const cookie = sessionCookie(login);
    const blocked = await ctx.request('/api/site', { headers: { cookie } });
    expect({ status: blocked.status, body: await blocked.json() }).toEqual({
      status: 403,
      body: { message: 'Please change your password before continuing.', code: 'forbidden', key: 'passwordChangeRequired', values: {}, issues: [] },
    });
    expect((await ctx.request('/api/auth/user-info', { headers: { cookie } })).status).toBe(200);
    const wrongCurrent = await ctx.request('/api/auth/change-password', {
      method: 'POST',
      headers: { cookie },
      json: { currentPassword: 'Nope#Pass1', password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    });
    expect(await wrongCurrent.json()).toMatchObject({ message: 'The current password is incorrect.' });
    expect(
      (await ctx.request('/api/auth/change-password', { method: 'POST', headers: { cookie }, json: { currentPassword: 'Given#Pass1', password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD } })).status,
    ).toBe(200);
    expect((await ctx.request('/api/site', { headers: { cookie } })).status).toBe(200);
  });

  it('change password keeps the current session and ends the others', async () => {
    const user = await addAccount(ctx.db, { type: 'USER', planId: 'trial' });
    const here = await ctx.loginAs(user.email, user.password);
    const elsewhere = await ctx.loginAs(user.email, user.password);
    const changed = await ctx.request('/api/auth/change-password', {
      method: 'POST',
      headers: { cookie: here },
      json: { currentPassword: user.password, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    });
    expect(changed.status).toBe(200);
    expect((await ctx.request('/api/auth/user-info', { headers: { cookie: here } })).status).toBe(200);
    expect((await ctx.request('/api/auth/user-info', { headers: { cookie: elsewhere } })).status).toBe(401);
  });

  it('an account created without a password is invited by a link and cannot log in before using it', async () => {
    const created = await ctx.request('/api/master/user', { method: 'POST', json: { companyName: 'Invited', email: 'invited@example.com', accountType: 'USER', planId: 'light' } });
    expect(await created.json()).toMatchObject({ user: { passwordSet: false } });
    expect((await post('/auth/login', { email: 'invited@example.com', password: '' })).status).toBe(400);
    expect((await post('/auth/login', { email: 'invited@example.com', password: 'Anything#1' })).status).toBe(401);
    const token = await linkToken();
    expect(await (await post('/auth/verify-token', { token })).json()).toEqual({ email: 'invited@example.com', purpose: 'invite' });
    expect((await post('/auth/reset-password', { token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD })).status).toBe(200);
    const login = await post('/auth/login', { email: 'invited@example.com', password: NEW_PASSWORD });
    expect(await login.json()).toMatchObject({ account: { mustChangePassword: false } });
  });
});

describe('cross-site requests to the identity calls', () => {
  it('are refused with 403 and change nothing', async () => {
    const crossSite = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' };
    const create = await ctx.request('/api/master/user', { method: 'POST', headers: crossSite, json: { companyName: 'Evil', email: 'evil@example.com', accountType: 'USER', planId: 'trial' } });
    expect(create.status).toBe(403);
    expect(
      (await ctx.request('/api/auth/change-password', { method: 'POST', headers: crossSite, json: { currentPassword: OPERATOR.password, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD } }))
        .status,
    ).toBe(403);
    expect((await post('/auth/forgot-password', { email: OPERATOR.email }, crossSite)).status).toBe(403);
    expect(await ctx.db.select().from(accounts).where(eq(accounts.email, 'evil@example.com')).get()).toBeUndefined();
    expect((await post('/auth/login', OPERATOR)).status).toBe(200);
  });
});
