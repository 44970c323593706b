import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hashPassword } from './identity/password.ts';
import { createSession, SESSION_COOKIE, SESSION_TTL_MS } from './identity/sessions.ts';
import { accounts, sessions } from './db/schema.ts';
import { LOGIN_FAILED } from './identity/auth-routes.ts';
import type { SiteView } from '../model/site-view.ts';
import { ADMIN_ORIGIN, createTestContext, fileForm, OPERATOR, pngBytes, sessionCookie, type TestContext } from './test-support.ts';

let ctx: TestContext;

beforeEach(async () => {
  ctx = await createTestContext();
});

afterEach(async () => {
  await ctx.cleanup();
});

function login(body: unknown, headers: Record<string, string> = {}) {
  return ctx.admin.request('http://localhost/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
}

/** A second, ordinary account (not MASTER), written straight into the database. */
async function addCustomer(email = 'customer@example.com', password = 'Customer#Pass1'): Promise<{ id: string; email: string; password: string }> {
  const id = randomUUID();
  await ctx.db
    .insert(accounts)
    .values({ id, email, passwordHash: await hashPassword(password), accountType: 'USER' })
    .run();
  return { id, email, password };
}

/** Every call under /api/site for one site, with a body where the call takes one. */
async function siteCalls(siteId: string, pageId: string, mediaId: string): Promise<[string, string, RequestInit['body']?][]> {
  const json = (value: unknown) => JSON.stringify(value);
  return [
    ['GET', '/api/site'],
    ['POST', '/api/site', json({ name: 'x', numberHorizontal: 1, numberVertical: 1 })],
    ['GET', `/api/site/${siteId}`],
    ['PUT', `/api/site/${siteId}`, json({ name: 'Taken over' })],
    ['DELETE', `/api/site/${siteId}`],
    ['PUT', `/api/site/${siteId}/grid`, json({ numberHorizontal: 1, numberVertical: 1, confirm: true })],
    ['PUT', `/api/site/${siteId}/page/${pageId}`, json({ detail: { mainText: 'defaced' } })],
    ['POST', `/api/site/${siteId}/media`, fileForm(await pngBytes(4, 4, '#ff00ff'), 'x.png')],
    ['GET', `/api/site/${siteId}/media/${mediaId}`],
    ['POST', `/api/site/${siteId}/publish`],
    ['GET', `/api/site/${siteId}/publish/${randomUUID()}`],
    ['GET', `/api/site/${siteId}/publish/${randomUUID()}/events`],
    ['GET', `/api/site/${siteId}/versions`],
    ['POST', `/api/site/${siteId}/versions/1/rollback`],
  ];
}

/** A site of the operator's with content, a medium and one published version. */
async function operatorSite(): Promise<{ site: SiteView; pageId: string; mediaId: string }> {
  const site = await ctx.createSite({ numberHorizontal: 2, numberVertical: 2 });
  const pageId = site.creatives[0]!.pages[0]!.id;
  const media = await ctx.uploadMedia(site.id, await pngBytes(8, 8, '#00aa00'));
  await ctx.writePage(site.id, pageId, 'jp', { detail: { imageUrl: media.url, mainText: 'オペレーターのページ' } });
  await ctx.publish(site.id);
  return { site: (await (await ctx.request(`/api/site/${site.id}`)).json()) as SiteView, pageId, mediaId: media.id };
}

async function storageKeys(): Promise<string[]> {
  const keys: string[] = [];
  for await (const info of ctx.storage.list('')) keys.push(`${info.key}@${info.etag}`);
  return keys;
}

describe('logging in', () => {
  it("with the first operator's credentials sets a __Host- session cookie (HttpOnly, Secure, Path=/, no Domain, SameSite) that opens /api/site", async () => {
    const response = await login({ email: OPERATOR.email, password: OPERATOR.password });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ account: { email: OPERATOR.email, accountType: 'MASTER' } });
    expect(SESSION_COOKIE).toBe('__Host-sg_session');
    const setCookie = response.headers.getSetCookie().find((line) => line.startsWith(`${SESSION_COOKIE}=`))!;
    expect(setCookie).toMatch(/; HttpOnly/i);
    expect(setCookie).toMatch(/; SameSite=Strict/i);
    expect(setCookie).toMatch(/; Path=\/(;|$)/i);
    // Secure even on the tests' http:// origin: browsers take Secure cookies from http://localhost, and __Host- needs it.
    expect(setCookie).toMatch(/; Secure/i);
    expect(setCookie).not.toMatch(/; Domain=/i);

    const cookie = sessionCookie(response);
    const sites = await ctx.request('/api/site', { headers: { cookie } });
    expect(sites.status).toBe(200);
    const me = await ctx.request('/api/auth/user-info', { headers: { cookie } });
    expect(await me.json()).toMatchObject({ account: { email: OPERATOR.email, accountType: 'MASTER' } });
    // Only the hash of the secret is stored.
    const token = cookie.split('=')[1]!;
    expect((await ctx.db.select().from(sessions).all()).some((row) => row.id === token)).toBe(false);
  });

  it('takes the email in any case', async () => {
    expect((await login({ email: OPERATOR.email.toUpperCase(), password: OPERATOR.password })).status).toBe(200);
  });

  it('sets a Secure cookie when the admin origin is https', async () => {
    const { createAdminApp } = await import('./app.ts');
    const secureApp = await createAdminApp({ db: ctx.db, storage: ctx.storage, config: { adminOrigin: 'https://admin.example', production: false }, jobs: ctx.jobs, mailer: ctx.mailer });
    const response = await secureApp.request('http://localhost/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(OPERATOR) });
    expect(response.headers.getSetCookie().join('\n')).toMatch(/; Secure/i);
  });

  it.each([
    ['a wrong password', { email: OPERATOR.email, password: 'Wrong#Pass1' }],
    ['an unknown email', { email: 'nobody@example.com', password: OPERATOR.password }],
  ])("with %s answers 401 with the spec's message and sets no cookie", async (_case, body) => {
    const response = await login(body);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ message: 'The login ID or password is incorrect. Please check and try logging in again.' });
    expect(LOGIN_FAILED).toBe('The login ID or password is incorrect. Please check and try logging in again.');
    expect(response.headers.getSetCookie()).toEqual([]);
    expect(await ctx.db.select().from(sessions).all()).toEqual([]);
  });

  it('answers 400 to a malformed email or a missing password', async () => {
    const badEmail = await login({ email: 'not-an-email', password: 'x' });
    expect(badEmail.status).toBe(400);
    expect(await badEmail.json()).toMatchObject({ message: 'email: Invalid email address.' });
    const noPassword = await login({ email: OPERATOR.email, password: '' });
    expect(noPassword.status).toBe(400);
    expect(await noPassword.json()).toMatchObject({ message: 'password: Please enter all required fields.' });
  });
});

describe('without a session', () => {
  it('every /api/site… route answers 401 and changes nothing', async () => {
    const { site, pageId, mediaId } = await operatorSite();
    const before = await storageKeys();
    const expired = await createSession(ctx.db, (await ctx.db.select().from(accounts).get())!.id, Date.now() - SESSION_TTL_MS - 1000);
    for (const cookie of ['', `${SESSION_COOKIE}=not-a-real-session`, `${SESSION_COOKIE}=${expired.token}`]) {
      for (const [method, path, body] of await siteCalls(site.id, pageId, mediaId)) {
        const response = await ctx.request(path, { method, body, headers: { cookie } });
        expect(response.status, `${method} ${path} with "${cookie.slice(0, 20)}"`).toBe(401);
        expect(await response.json()).toMatchObject({ message: 'Please log in.' });
      }
    }
    expect((await ctx.request('/api/auth/user-info', { headers: { cookie: '' } })).status).toBe(401);
    expect(await (await ctx.request(`/api/site/${site.id}`)).json()).toEqual(site);
    expect(await storageKeys()).toEqual(before);
    expect(((await (await ctx.request('/api/site')).json()) as { sites: unknown[] }).sites).toHaveLength(1);
  });
});

describe('another account', () => {
  it("cannot read, change, publish or delete the operator's site: every call answers 404 and nothing changes", async () => {
    const { site, pageId, mediaId } = await operatorSite();
    const customer = await addCustomer();
    const cookie = await ctx.loginAs(customer.email, customer.password);
    const before = await storageKeys();

    for (const [method, path, body] of await siteCalls(site.id, pageId, mediaId)) {
      if (path === '/api/site') continue;
      const response = await ctx.request(path, { method, body, headers: { cookie } });
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(await response.json()).toMatchObject({ message: expect.stringMatching(/not found/i) });
    }
    expect(await (await ctx.request(`/api/site/${site.id}`)).json()).toEqual(site);
    expect(await storageKeys()).toEqual(before);
    const versions = (await (await ctx.request(`/api/site/${site.id}/versions`)).json()) as { versions: unknown[] };
    expect(versions.versions).toHaveLength(1);
    // Its own list does not show the operator's site.
    expect(await (await ctx.request('/api/site', { headers: { cookie } })).json()).toEqual({ sites: [] });
  });

  it('works on its own sites, which the operator sees too', async () => {
    const customer = await addCustomer();
    const cookie = await ctx.loginAs(customer.email, customer.password);
    const created = await ctx.request('/api/site', { method: 'POST', json: { name: 'Customer shop', numberHorizontal: 1, numberVertical: 2 }, headers: { cookie } });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as SiteView;
    expect((await ctx.request(`/api/site/${id}`, { headers: { cookie } })).status).toBe(200);
    expect((await ctx.request(`/api/site/${id}`, { method: 'PUT', json: { name: 'Renamed shop' }, headers: { cookie } })).status).toBe(200);

    const seenByOperator = (await (await ctx.request('/api/site')).json()) as { sites: { id: string; name: string }[] };
    expect(seenByOperator.sites).toEqual([expect.objectContaining({ id, name: 'Renamed shop' })]);
    expect(await (await ctx.request('/api/auth/user-info', { headers: { cookie } })).json()).toMatchObject({ account: { email: customer.email, accountType: 'USER' } });
  });
});

describe('cross-site requests', () => {
  it.each([
    ['an Origin of another site', { origin: 'https://evil.example' }],
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['Sec-Fetch-Site: same-site (a sibling host)', { 'sec-fetch-site': 'same-site' }],
    ['Sec-Fetch-Site: cross-site with Origin: null (a sandboxed frame)', { 'sec-fetch-site': 'cross-site', origin: 'null' }],
  ])('with %s answer 403 and change nothing', async (_case, headers) => {
    const { site, pageId, mediaId } = await operatorSite();
    const before = await storageKeys();
    for (const [method, path, body] of await siteCalls(site.id, pageId, mediaId)) {
      if (method === 'GET') continue;
      const response = await ctx.request(path, { method, body, headers });
      expect(response.status, `${method} ${path}`).toBe(403);
      expect(await response.json()).toMatchObject({ message: 'Cross-site requests are not allowed.' });
    }
    expect((await login(OPERATOR, headers)).status).toBe(403);
    expect((await ctx.request('/api/auth/logout', { method: 'POST', headers })).status).toBe(403);

    expect(await (await ctx.request(`/api/site/${site.id}`)).json()).toEqual(site);
    expect(await storageKeys()).toEqual(before);
    expect(((await (await ctx.request('/api/site')).json()) as { sites: unknown[] }).sites).toHaveLength(1);
    // The session survived the refused logout.
    expect((await ctx.request('/api/site')).status).toBe(200);
  });

  it("are let through from the admin's own origin", async () => {
    const { site } = await operatorSite();
    const sameOrigin = await ctx.request(`/api/site/${site.id}`, { method: 'PUT', json: { name: 'From the admin' }, headers: { origin: ADMIN_ORIGIN, 'sec-fetch-site': 'same-origin' } });
    expect(sameOrigin.status).toBe(200);
    const typedUrl = await ctx.request(`/api/site/${site.id}`, { method: 'PUT', json: { name: 'Typed' }, headers: { 'sec-fetch-site': 'none' } });
    expect(typedUrl.status).toBe(200);
    const originOnly = await ctx.request(`/api/site/${site.id}`, { method: 'PUT', json: { name: 'Origin only' }, headers: { origin: ADMIN_ORIGIN } });
    expect(originOnly.status).toBe(200);
  });
});

describe('logging out', () => {
  it('refuses a request carrying more than one session cookie, whatever their names, and clears the planted ones', async () => {
    const cookie = await ctx.login();
    const token = cookie.split('=')[1]!;
    const attacker = (await createSession(ctx.db, (await ctx.db.select().from(sessions).get())!.accountId)).token;
    for (const cookies of [
      `sg_session=${attacker}; ${cookie}`,
      `${cookie}; sg_session=${attacker}`,
      `${SESSION_COOKIE}=${attacker}; ${cookie}`,
      `${cookie}; __Secure-sg_session=junk`,
      `${cookie}; ${SESSION_COOKIE}=${token}`,
    ]) {
      for (const [method, path] of [
        ['GET', '/api/auth/user-info'],
        ['GET', '/api/site'],
        ['POST', '/api/auth/login'],
      ] as const) {
        const json = method === 'POST' ? { email: OPERATOR.email, password: OPERATOR.password } : undefined;
        const response = await ctx.request(path, { method, json, headers: { cookie: cookies } });
        expect(response.status, `${path} ${cookies}`).toBe(401);
        expect(await response.json()).toMatchObject({ code: 'unauthenticated', key: 'sessionCookieConflict' });
        expect(response.headers.getSetCookie().join('\n')).toMatch(/sg_session=;.*Max-Age=0/i);
      }
    }
    // Alone, a cookie of the old name is no session at all; the admin's own one still works.
    expect((await ctx.request('/api/site', { headers: { cookie: `sg_session=${token}` } })).status).toBe(401);
    expect((await ctx.request('/api/site', { headers: { cookie } })).status).toBe(200);
  });

  it('ends the session: its cookie no longer opens anything', async () => {
    const cookie = await ctx.login();
    const token = cookie.split('=')[1]!;
    expect(await ctx.db.select().from(sessions).all()).toHaveLength(1);
    const response = await ctx.request('/api/auth/logout', { method: 'POST', headers: { cookie } });
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie().join('\n')).toMatch(new RegExp(`${SESSION_COOKIE}=;.*Max-Age=0`, 'i'));
    expect(await ctx.db.select().from(sessions).all()).toEqual([]);
    expect((await ctx.request('/api/site', { headers: { cookie: `${SESSION_COOKIE}=${token}` } })).status).toBe(401);
    // Logging out twice, or without a session, is harmless.
    expect((await ctx.request('/api/auth/logout', { method: 'POST', headers: { cookie } })).status).toBe(200);
    expect((await ctx.request('/api/auth/logout', { method: 'POST', headers: { cookie: '' } })).status).toBe(200);
  });

  it("ends the account's other sessions too, and no other account's", async () => {
    const first = await ctx.loginAs(OPERATOR.email, OPERATOR.password);
    const second = await ctx.loginAs(OPERATOR.email, OPERATOR.password);
    const customer = await addCustomer();
    const customerCookie = await ctx.loginAs(customer.email, customer.password);
    await ctx.request('/api/auth/logout', { method: 'POST', headers: { cookie: first } });
    expect((await ctx.request('/api/site', { headers: { cookie: first } })).status).toBe(401);
    expect((await ctx.request('/api/site', { headers: { cookie: second } })).status).toBe(401);
    expect((await ctx.request('/api/site', { headers: { cookie: customerCookie } })).status).toBe(200);
  });

  it('a session of a deleted account opens nothing', async () => {
    const customer = await addCustomer();
    const cookie = await ctx.loginAs(customer.email, customer.password);
    await ctx.db.delete(accounts).where(eq(accounts.id, customer.id)).run();
    expect((await ctx.request('/api/site', { headers: { cookie } })).status).toBe(401);
  });
});
