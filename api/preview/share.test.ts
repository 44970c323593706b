import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PREVIEW_LOGIN_LIMITS } from '../../model/preview-share.ts';
import { createSiteApp } from '../app.ts';
import { previewShares } from '../db/schema-sharing.ts';
import { createMailer } from '../mail/mailer.ts';
import { startTestSmtpServer, textBody, type TestSmtpServer } from '../mail/smtp-test-server.ts';
import { createTestContext, SITE_ORIGIN, testRenderer, type TestContext } from '../test-support.ts';

const PREVIEW_ORIGIN = 'http://preview.localhost:3001';
const PASSCODE = 'Open-Sesame 42';

let ctx: TestContext;
let smtp: TestSmtpServer;
let app: Awaited<ReturnType<typeof createSiteApp>>;

beforeEach(async () => {
  smtp = await startTestSmtpServer();
  ctx = await createTestContext({ mailer: createMailer({ smtpUrl: smtp.url, from: 'Swipegrid <no-reply@swipegrid.test>', outboxDir: '/nonexistent' }) });
  app = await createSiteApp({ db: ctx.db, storage: ctx.storage, mailer: ctx.mailer, events: ctx.events, siteOrigin: SITE_ORIGIN, preview: { db: ctx.db, renderer: testRenderer } });
});
afterEach(async () => {
  await ctx.cleanup();
  await smtp.close();
});

type Share = { url: string; isPrivate: boolean; viewOnly: boolean; passwordOn: boolean; invites: { email: string; sentAt: string | null }[] };

async function call<T>(path: string, method: string, json?: unknown, status = 200): Promise<T> {
  const response = await ctx.request(path, { method, json });
  expect(response.status, await response.clone().text()).toBe(status);
  return (await response.json()) as T;
}

/** The shared link each received mail carries, by recipient. */
function linksByRecipient(): Map<string, string> {
  return new Map(smtp.received.map((mail) => [mail.to[0]!, textBody(mail.raw).match(/https?:\/\/\S+/)![0]]));
}

const open = (url: string, init: RequestInit = {}) => app.request(url, init);

/** The passcode call for a link; `ip`, the client address the app sees (as from the socket), else one in-process client. */
async function login(url: string, password: string, ip?: string): Promise<Response> {
  const [, , siteId, token] = new URL(url).pathname.split('/');
  const env = ip ? { incoming: { socket: { remoteAddress: ip, remoteFamily: 'IPv4' } } } : undefined;
  return app.request(
    `${PREVIEW_ORIGIN}/api/preview/site/${siteId}/login`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      body: JSON.stringify({ token, password }),
    },
    env,
  );
}

describe('sharing a draft’s preview', () => {
  it('mails each invited email its own link, which opens the draft view-only on the preview origin; a private share’s general link opens nothing', async () => {
    const site = await ctx.createSite({ numberHorizontal: 1, numberVertical: 1 });
    const share = await call<Share>(`/api/preview/site/${site.id}/share`, 'POST', { isPrivate: true, emails: ['Ann@Example.com', 'bo@example.com'] });
    expect(share.invites.map((invite) => invite.email)).toEqual(['ann@example.com', 'bo@example.com']);
    const links = linksByRecipient();
    expect([...links.keys()].sort()).toEqual(['ann@example.com', 'bo@example.com']);
    expect(links.get('ann@example.com')).not.toBe(links.get('bo@example.com'));
    for (const link of links.values()) {
      expect(new URL(link).origin).toBe(PREVIEW_ORIGIN);
      const page = await open(link);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain('data-view-only="true"');
      expect(html).toContain('sg-view-only');
    }
    expect((await open(share.url)).status).toBe(403);
    // Invited again: nobody is mailed twice.
    await call<Share>(`/api/preview/site/${site.id}/share`, 'POST', { isPrivate: true, emails: ['ann@example.com'] });
    expect(smtp.received).toHaveLength(2);
  });

  it('asks for the passcode once it is on, answers the spec’s message to a wrong one, and opens a preview session for the right one; only its hash is stored', async () => {
    const site = await ctx.createSite({ numberHorizontal: 1, numberVertical: 1 });
    const share = await call<Share>(`/api/preview/site/${site.id}/share`, 'POST', { viewOnly: false });
    expect(await (await open(share.url)).text()).not.toContain('data-view-only="true"');
    const missing = await ctx.request(`/api/preview/site/${site.id}/share/set-password`, { method: 'POST', json: { enabled: true, password: ' ' } });
    expect(((await missing.json()) as { key: string }).key).toBe('sharePasscodeRequired');
    await call(`/api/preview/site/${site.id}/share/set-password`, 'POST', { enabled: true, password: PASSCODE });
    const stored = (await ctx.db.select().from(previewShares).where(eq(previewShares.siteId, site.id)).get())!;
    expect(stored.passwordHash).toMatch(/^\$argon2id\$/);
    expect(stored.passwordHash).not.toContain(PASSCODE);

    const asked = await open(share.url);
    expect(asked.status).toBe(401);
    expect(await asked.text()).toContain('id="sg-passcode"');
    const wrong = await login(share.url, 'guess');
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ key: 'previewPasswordIncorrect', message: 'The password is incorrect. Please try again.' });
    const right = await login(share.url, PASSCODE);
    expect(right.status).toBe(200);
    const { url } = (await right.json()) as { url: string };
    expect((await open(`${PREVIEW_ORIGIN}${url}`)).status).toBe(200);
    const status = await call<{ shared: boolean; passwordOn: boolean; openSessions: number }>(`/api/preview/site/${site.id}/share/status`, 'GET');
    expect(status).toMatchObject({ shared: true, passwordOn: true, openSessions: 1 });

    // A new passcode closes the previews opened with the old one.
    await call(`/api/preview/site/${site.id}/share/set-password`, 'POST', { enabled: true, password: `${PASSCODE}!` });
    expect((await open(`${PREVIEW_ORIGIN}${url}`)).status).toBe(403);
  });

  it('stops a revoked email’s link and the preview it opened at once, and everything once all is revoked', async () => {
    const site = await ctx.createSite({ numberHorizontal: 1, numberVertical: 1 });
    await call<Share>(`/api/preview/site/${site.id}/share`, 'POST', { emails: ['ann@example.com', 'bo@example.com'] });
    await call(`/api/preview/site/${site.id}/share/set-password`, 'POST', { enabled: true, password: PASSCODE });
    const links = linksByRecipient();
    const annSession = `${PREVIEW_ORIGIN}${((await (await login(links.get('ann@example.com')!, PASSCODE)).json()) as { url: string }).url}`;
    expect((await open(annSession)).status).toBe(200);

    const revoked = await call<{ revoked: number; share: Share }>(`/api/preview/site/${site.id}/share/revoke`, 'PUT', { emails: ['ann@example.com'] });
    expect(revoked.revoked).toBe(1);
    expect(revoked.share.invites.map((invite) => invite.email)).toEqual(['bo@example.com']);
    expect((await open(annSession)).status).toBe(403);
    expect((await open(links.get('ann@example.com')!)).status).toBe(403);
    expect((await open(links.get('bo@example.com')!)).status).toBe(401);

    const unknown = await ctx.request(`/api/preview/site/${site.id}/share/revoke`, { method: 'PUT', json: { emails: ['nobody@example.com'] } });
    expect(((await unknown.json()) as { key: string }).key).toBe('shareEmailNotFound');

    const resend = await call<{ resent: number }>(`/api/preview/site/${site.id}/share/revoke`, 'PUT', { resendAll: true });
    expect(resend.resent).toBe(1);
    expect(smtp.received.at(-1)!.to).toEqual(['bo@example.com']);

    const all = await call<{ share: Share | null }>(`/api/preview/site/${site.id}/share/revoke`, 'PUT', { all: true });
    expect(all.share).toBeNull();
    expect((await open(links.get('bo@example.com')!)).status).toBe(403);
    expect(await call(`/api/preview/site/${site.id}/share/status`, 'GET')).toMatchObject({ shared: false });
    // Shared again, the old links stay dead: the new share has a new id.
    const again = await call<Share>(`/api/preview/site/${site.id}/share`, 'POST', {});
    expect((await open(again.url)).status).toBe(200);
    expect((await open(links.get('bo@example.com')!)).status).toBe(403);
  });

  it('lets parallel wrong passcodes past the limit never, and locks the link for the right one too', async () => {
    const site = await ctx.createSite({ numberHorizontal: 1, numberVertical: 1 });
    const share = await call<Share>(`/api/preview/site/${site.id}/share`, 'POST', {});
    await call(`/api/preview/site/${site.id}/share/set-password`, 'POST', { enabled: true, password: PASSCODE });
    const answers = await Promise.all(Array.from({ length: 3 * PREVIEW_LOGIN_LIMITS.perShare }, () => login(share.url, 'wrong guess')));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(PREVIEW_LOGIN_LIMITS.perShare);
    expect(statuses.filter((status) => status === 429)).toHaveLength(2 * PREVIEW_LOGIN_LIMITS.perShare);
    expect((await login(share.url, PASSCODE)).status).toBe(429);
  });

  it('gives a share one passcode budget, whatever invitation links and addresses parallel guesses come through', async () => {
    const site = await ctx.createSite({ numberHorizontal: 1, numberVertical: 1 });
    const emails = ['a@example.com', 'b@example.com', 'c@example.com', 'd@example.com', 'e@example.com'];
    const share = await call<Share>(`/api/preview/site/${site.id}/share`, 'POST', { emails });
    await call(`/api/preview/site/${site.id}/share/set-password`, 'POST', { enabled: true, password: PASSCODE });
    const links = [share.url, ...linksByRecipient().values()];
    expect(links).toHaveLength(emails.length + 1);
    // Each guess from an address of its own, so no per-address limit is what stops them.
    const guesses = links.flatMap((link, linkIndex) => Array.from({ length: PREVIEW_LOGIN_LIMITS.perShare + 1 }, (_, guess) => ({ link, ip: `10.0.${linkIndex}.${guess + 1}` })));
    const answers = await Promise.all(guesses.map(({ link, ip }) => login(link, 'wrong guess', ip)));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(PREVIEW_LOGIN_LIMITS.perShare);
    expect(statuses.filter((status) => status === 429)).toHaveLength(guesses.length - PREVIEW_LOGIN_LIMITS.perShare);
    // The share is locked for every link, the right passcode on an untouched address included.
    expect((await login(links.at(-1)!, PASSCODE, '10.9.9.9')).status).toBe(429);
  });

  it('answers the passcode call on the preview origin only', async () => {
    const site = await ctx.createSite({ numberHorizontal: 1, numberVertical: 1 });
    const share = await call<Share>(`/api/preview/site/${site.id}/share`, 'POST', {});
    const [, , , token] = new URL(share.url).pathname.split('/');
    const elsewhere = await app.request(`${SITE_ORIGIN}/api/preview/site/${site.id}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token, password: 'x' }),
    });
    expect(elsewhere.status).toBe(404);
  });
});
