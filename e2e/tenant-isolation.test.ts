import { closeDatabase } from '../api/db/open-database.ts';
import { sqlGet } from '../api/db/test-sql.ts';
import { mkdtemp, rm } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../api/config.ts';
import { openDatabase, type Db } from '../api/db/open-database.ts';
import { sites } from '../api/db/schema.ts';
import { createSession } from '../api/identity/sessions.ts';
import { readOutbox } from '../api/mail/mailer.ts';
import { startServer, type RunningServer } from '../api/server.ts';
import { addAccount } from '../api/test-support.ts';
import { handleOrigin } from '../model/site-origin.ts';
import { launchBrowser, waitForHydration } from './browser.ts';
import { signIn } from './site-api.ts';

// Issue 11, findings 1 and 2, as an attacker would try them in a real browser against a real server:
// site A's owner puts a head script on A that plants their own admin session in every cookie name and
// path variant the admin could read, and reads localStorage. An operator signed in to the admin opens
// A; a member signed in on site B opens A too. Every site is on its own origin ({handle}.localhost),
// the admin's cookie is __Host-, so neither the session nor B's member token is within A's reach.

const OPERATOR = { email: 'operator@example.com', password: 'Operator#Pass1' };
const MEMBER = { email: 'member@example.com', password: 'Member#Pass1' };

let dataDir: string;
let server: RunningServer;
let db: Db;
let browser: Browser;
let context: BrowserContext;
let attackerToken: string;
let siteA: { id: string; origin: string };
let siteB: { id: string; origin: string };

/** The script an owner may put in the head of their site: plant the attacker's session, read what this origin stores. */
function plantingScript(token: string): string {
  const names = ['sg_session', '__Host-sg_session', '__Secure-sg_session'];
  const paths = ['/', '/api', '/api/', '/api/auth'];
  return `<script>
(() => {
  for (const name of ${JSON.stringify(names)}) for (const path of ${JSON.stringify(paths)}) for (const domain of ['', '; domain=localhost', '; domain=.localhost']) {
    document.cookie = name + '=${token}; path=' + path + domain + '; secure; samesite=lax';
    document.cookie = name + '=${token}; path=' + path + domain;
  }
  window.__found = { storage: Object.fromEntries(Object.entries(localStorage)), cookies: document.cookie };
})();
</script>`;
}

async function originOf(siteId: string): Promise<string> {
  const handle = (await db.select({ handle: sites.handle }).from(sites).where(eq(sites.id, siteId)).get())?.handle;
  if (!handle) throw new Error(`no site ${siteId}`);
  return handleOrigin(server.siteUrl, 'localhost', handle);
}

async function memberLink(email: string): Promise<string> {
  const mail = (await readOutbox(path.join(dataDir, 'outbox'))).filter((entry) => entry.to === email).at(-1);
  const link = /https?:\/\/\S+/.exec(mail?.text ?? '')?.[0];
  if (!link) throw new Error(`no link mailed to ${email}`);
  return link;
}

async function me(page: Page): Promise<{ status: number; email?: string }> {
  return page.evaluate(async () => {
    const response = await fetch('/api/auth/user-info');
    const body = (await response.json()) as { account?: { email?: string } };
    return { status: response.status, email: body.account?.email };
  });
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'swipegrid-isolation-'));
  const config = loadConfig({ DATA_DIR: dataDir, PORT: '0', SITE_PORT: '0', HOST: '127.0.0.1', SEED_DEMO: 'false', ADMIN_EMAIL: OPERATOR.email, ADMIN_PASSWORD: OPERATOR.password });
  server = await startServer(config, () => {});
  db = await openDatabase(config.database);
  // The attacker has an admin account of their own; their session is what the script plants.
  const attacker = await addAccount(db, { type: 'USER', email: 'attacker@example.com' });
  attackerToken = (await createSession(db, attacker.id)).token;

  const api = await signIn(server, OPERATOR.email, OPERATOR.password);
  const a = await api.createSite({ name: 'Attacker site', numberHorizontal: 1, numberVertical: 1, defaultLanguage: 'en', languages: ['en'] });
  await api.updateSite(a.id, { seo: { head: plantingScript(attackerToken) } }, 'en');
  await api.publish(a.id);
  const b = await api.createSite({ name: 'Member site', numberHorizontal: 1, numberVertical: 1, defaultLanguage: 'en', languages: ['en'] });
  await api.publish(b.id);
  siteA = { id: a.id, origin: await originOf(a.id) };
  siteB = { id: b.id, origin: await originOf(b.id) };

  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 375, height: 739 } });
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  db && (await closeDatabase(db));
  await server?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe("a site's scripts against the admin and other sites", () => {
  it('gives each site an origin of its own under *.localhost, apart from the admin', () => {
    expect(siteA.origin).toMatch(/^http:\/\/[a-z0-9-]+\.localhost:\d+$/);
    expect(siteB.origin).not.toBe(siteA.origin);
    expect(new URL(server.adminUrl).hostname).toBe('localhost');
  });

  it("cannot change which account the admin's next request acts as, nor read another site's member token", async () => {
    // A member signs in on site B, through B's own screens; the viewer keeps the token in B's localStorage.
    const member = await context.newPage();
    await member.goto(`${siteB.origin}/register`);
    await waitForHydration(member);
    const registered = await member.evaluate(
      async ({ siteId, email, password }) =>
        (
          await fetch(`/api/end-user/site/${siteId}/register`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ data: { email, password, confirmPassword: password }, lang: 'en' }),
          })
        ).status,
      { siteId: siteB.id, ...MEMBER },
    );
    expect(registered).toBe(201);
    const link = await memberLink(MEMBER.email);
    expect(new URL(link).origin).toBe(siteB.origin);
    await member.goto(link);
    await member.goto(`${siteB.origin}/login`);
    await waitForHydration(member);
    await member.fill('#sg-login-email', MEMBER.email);
    await member.fill('#sg-login-password', MEMBER.password);
    await member.click('.sg-submit');
    // A successful login navigates away, so the stored tokens are read inside the poll, which retries a read the navigation cut short.
    let storedTokens = null as string | null;
    await expect
      .poll(async () => {
        storedTokens = await member.evaluate(() => localStorage.getItem('endUserToken'));
        return storedTokens;
      })
      .toContain(siteB.id);
    const memberToken = Object.values(JSON.parse(storedTokens!) as Record<string, string>)[0]!;

    // The operator signs in to the admin.
    const admin = await context.newPage();
    await admin.goto(`${server.adminUrl}/`);
    const login = await admin.evaluate(
      async ({ email, password }) => (await fetch('/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) })).status,
      OPERATOR,
    );
    expect(login).toBe(200);
    expect(await me(admin)).toEqual({ status: 200, email: OPERATOR.email });

    // Both open site A, whose head script runs.
    const visit = await context.newPage();
    await visit.goto(`${siteA.origin}/`);
    await visit.waitForFunction(() => '__found' in window);
    const found = (await visit.evaluate(() => (window as unknown as { __found: { storage: Record<string, string>; cookies: string } }).__found)) as {
      storage: Record<string, string>;
      cookies: string;
    };
    // Nothing of B's (nor any member token at all) is in A's storage, nor the admin's session among A's cookies.
    expect(JSON.stringify(found.storage)).not.toContain(memberToken);
    expect(JSON.stringify(found.storage)).not.toContain(siteB.id);
    // A's script sees only the cookies of A's own host (the ones it just set), never the admin's session.
    const operatorCookie = (await context.cookies(server.adminUrl)).find((cookie) => cookie.name === '__Host-sg_session')!;
    expect(operatorCookie).toMatchObject({ httpOnly: true, secure: true, path: '/', domain: 'localhost', sameSite: 'Strict' });
    expect(found.cookies).not.toContain(operatorCookie.value);

    // The admin's next requests still act as the operator: the same account, and a site created now is the operator's.
    await admin.bringToFront();
    expect(await me(admin)).toEqual({ status: 200, email: OPERATOR.email });
    const created = await admin.evaluate(async () => {
      const response = await fetch('/api/site', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Made after the visit', numberHorizontal: 1, numberVertical: 1, defaultLanguage: 'en', languages: ['en'] }),
      });
      return { status: response.status, id: ((await response.json()) as { id: string }).id };
    });
    expect(created.status).toBe(201);
    const owner = (await sqlGet(db, 'SELECT a.email AS email FROM sites s JOIN accounts a ON a.id = s.owner_id WHERE s.id = ?', created.id)) as { email: string };
    expect(owner.email).toBe(OPERATOR.email);
    // The admin's host holds exactly its own session cookie: none of the planted ones reached it.
    const adminCookies = await context.cookies(server.adminUrl);
    expect(adminCookies.filter((cookie) => cookie.name.includes('sg_session')).map((cookie) => [cookie.name, cookie.value === attackerToken])).toEqual([['__Host-sg_session', false]]);

    // And site A's script, asking B's visitor API with B's id, is answered as if B did not exist.
    const crossCall = await visit.evaluate(async (id) => (await fetch(`/api/end-user/site/${id}/contact-setting`)).status, siteB.id);
    expect(crossCall).toBe(404);
  });
});
