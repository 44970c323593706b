import { sqlGet, sqlAll } from '../db/test-sql.ts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMailer } from '../mail/mailer.ts';
import { startTestSmtpServer, textBody, type TestSmtpServer } from '../mail/smtp-test-server.ts';
import { MAIL_REQUESTS } from '../identity/attempt-counter.ts';
import { createTestContext, type TestContext } from '../test-support.ts';
import { MEMBER_PASSWORD, memberToken, publishedSiteWithLockedPage, SECRET, type LockedSite } from './visitor-test-support.ts';

let ctx: TestContext;

afterEach(async () => {
  await ctx.cleanup();
});

/** Every object a visitor could ever be served: all of storage but the private originals and the members-only tree. */
async function publicObjects(): Promise<{ key: string; text: string }[]> {
  const objects = [];
  for await (const info of ctx.rawStorage.list('')) {
    if (info.key.startsWith('uploads/') || info.key.startsWith('private/')) continue;
    const object = await ctx.rawStorage.get(info.key);
    objects.push({ key: info.key, text: Buffer.from(object!.body).toString('latin1') + Buffer.from(object!.body).toString('utf8') });
  }
  return objects;
}

describe('a members-only page is published without its content', () => {
  let locked: LockedSite;
  beforeEach(async () => {
    ctx = await createTestContext();
    locked = await publishedSiteWithLockedPage(ctx);
  });

  it('leaves none of its texts, links or media in any public file: HTML, page data, manifests, media derivatives', async () => {
    const objects = await publicObjects();
    expect(objects.some((object) => object.key.startsWith('objects/'))).toBe(true);
    expect(objects.some((object) => object.key.startsWith(`media/${locked.publicImageSha256}/`))).toBe(true);
    for (const { key, text } of objects) {
      for (const secret of [...Object.values(SECRET), locked.lockedImageSha256]) {
        expect({ key, leaks: text.includes(secret) }).toEqual({ key, leaks: false });
      }
      expect(key).not.toContain(locked.lockedImageSha256);
    }
  });

  it('serves none of it through the site host either: every live path answers without the secrets', async () => {
    const live = JSON.parse(Buffer.from((await ctx.rawStorage.get(`sites/${locked.site.id}/live.json`))!.body).toString()) as { version: number };
    const manifest = JSON.parse(Buffer.from((await ctx.rawStorage.get(`sites/${locked.site.id}/manifests/${live.version}.json`))!.body).toString()) as { files: Record<string, unknown> };
    const paths = Object.keys(manifest.files);
    expect(paths).toContain(`_data/jp/${locked.lockedPageId}.json`);
    for (const path of paths) {
      const response = await ctx.visit(`/${path}`, { site: locked.site.id });
      const body = await response.text();
      for (const secret of Object.values(SECRET)) expect({ path, leaks: body.includes(secret) }).toEqual({ path, leaks: false });
    }
    const lockedData = await (await ctx.visit(`/_data/jp/${locked.lockedPageId}.json`, { site: locked.site.id })).json();
    expect(lockedData).toMatchObject({ id: locked.lockedPageId, locked: true, content: null, media: {} });
  });

  it('keeps the members-only data where the site host cannot reach it', async () => {
    const keys: string[] = [];
    for await (const info of ctx.rawStorage.list('private/')) keys.push(info.key);
    expect(keys.some((key) => key.startsWith(`private/media/${locked.lockedImageSha256}/`))).toBe(true);
    expect(keys.some((key) => key.startsWith('private/objects/'))).toBe(true);
    for (const key of keys) expect((await ctx.visit(`/${key}`, { site: locked.site.id })).status).toBe(404);
    expect((await ctx.visit(`/media/${locked.lockedImageSha256}/set.json`, { site: locked.site.id })).status).toBe(404);
  });

  it('answers the public variant of a locked page without its content', async () => {
    const response = await ctx.visit(`/api/end-user/site/${locked.site.id}/page/${locked.lockedPageId}/public`, { site: locked.site.id });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ locked: true, content: null });
  });
});

describe('members-only content through the API', () => {
  let locked: LockedSite;
  beforeEach(async () => {
    ctx = await createTestContext();
    locked = await publishedSiteWithLockedPage(ctx);
  });

  const privatePath = (siteId: string, pageId: string, lang = 'jp') => `/api/end-user/site/${siteId}/page/${pageId}/private?lang=${lang}`;

  it('refuses the private variant without a token, with a bad token, and with an expired-looking one (401, in the visitor language)', async () => {
    const none = await ctx.visit(privatePath(locked.site.id, locked.lockedPageId), { site: locked.site.id });
    expect(none.status).toBe(401);
    expect(await none.json()).toEqual({ message: 'このページを見るには会員としてログインしてください。', code: 'unauthenticated', key: 'loginRequired', values: {}, issues: [] });
    const bad = await ctx.visit(privatePath(locked.site.id, locked.lockedPageId, 'en'), { site: locked.site.id, headers: { authorization: `Bearer ${'x'.repeat(43)}` } });
    expect(bad.status).toBe(401);
    expect(((await bad.json()) as { message: string }).message).toBe('Please log in as a member to see this page.');
  });

  it('gives a member the page in their language, products sorted by order, media as signed links that load', async () => {
    const token = await memberToken(ctx, locked.site.id, 'member@example.com');
    const response = await ctx.visit(privatePath(locked.site.id, locked.lockedPageId), { site: locked.site.id, headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const page = (await response.json()) as {
      locked: boolean;
      content: { detail: { mainText: string; imageUrl: string }; products: { id: string; imagePath: string }[] };
      media: Record<string, { kind: string; image: { src: string; sources: { srcset: string }[] } }>;
    };
    expect(page.locked).toBe(true);
    expect(page.content.detail.mainText).toBe(`${SECRET.mainText} ${SECRET.japanese}`);
    expect(page.content.products.map((product) => product.id)).toEqual(['p1', 'p2']);
    const imageUrl = page.content.detail.imageUrl;
    expect(imageUrl).toMatch(new RegExp(`^/api/end-user/site/${locked.site.id}/private-media/\\d+\\.[\\w-]{43}/${locked.lockedImageSha256}/`));
    const image = await ctx.visit(imageUrl, { site: locked.site.id });
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toMatch(/^image\//);
    const srcset = page.media[imageUrl]!.image.sources[0]!.srcset.split(',')[0]!.trim().split(' ')[0]!;
    expect((await ctx.visit(srcset, { site: locked.site.id })).status).toBe(200);
    expect((await ctx.visit(page.content.products[0]!.imagePath, { site: locked.site.id })).status).toBe(200);

    const english = (await (await ctx.visit(privatePath(locked.site.id, locked.lockedPageId, 'en'), { site: locked.site.id, headers: { authorization: `Bearer ${token}` } })).json()) as typeof page;
    expect(english.content.detail.mainText).toBe(SECRET.english);
  });

  it('answers the product, button and link variants for a member only', async () => {
    const token = await memberToken(ctx, locked.site.id, 'member@example.com');
    const auth = { headers: { authorization: `Bearer ${token}` } };
    const products = (await (await ctx.visit(`/api/end-user/site/${locked.site.id}/page/${locked.lockedPageId}/product/private`, { ...auth, site: locked.site.id })).json()) as {
      products: { productName: string }[];
    };
    expect(products.products.map((product) => product.productName)).toEqual([SECRET.product, 'Second']);
    const buttons = (await (await ctx.visit(`/api/end-user/site/${locked.site.id}/page/${locked.lockedPageId}/button/private`, { ...auth, site: locked.site.id })).json()) as {
      buttons: { buttonText: string }[];
    };
    expect(buttons.buttons[0]!.buttonText).toBe(SECRET.button);
    const links = (await (await ctx.visit(`/api/end-user/site/${locked.site.id}/page/${locked.lockedPageId}/link/private`, { ...auth, site: locked.site.id })).json()) as { links: { id: string }[] };
    expect(links.links.map((link) => link.id)).toEqual(['l1']);
    expect((await ctx.visit(`/api/end-user/site/${locked.site.id}/page/${locked.lockedPageId}/product/private`, { site: locked.site.id })).status).toBe(401);
    expect((await ctx.visit(`/api/end-user/site/${locked.site.id}/page/${locked.lockedPageId}/price/private`, { ...auth, site: locked.site.id })).status).toBe(404);
  });

  it('refuses media links with a tampered signature, another image or another site', async () => {
    const token = await memberToken(ctx, locked.site.id, 'member@example.com');
    const page = (await (await ctx.visit(privatePath(locked.site.id, locked.lockedPageId), { site: locked.site.id, headers: { authorization: `Bearer ${token}` } })).json()) as {
      content: { detail: { imageUrl: string } };
    };
    const url = page.content.detail.imageUrl;
    const [, signature] = /private-media\/([^/]+)\//.exec(url)!;
    const tampered = url.replace(signature!, `${signature!.slice(0, -1)}${signature!.endsWith('A') ? 'B' : 'A'}`);
    expect((await ctx.visit(tampered, { site: locked.site.id })).status).toBe(401);
    expect((await ctx.visit(url.replace(locked.lockedImageSha256, locked.publicImageSha256), { site: locked.site.id })).status).toBe(401);
    expect((await ctx.visit(url.replace(`/site/${locked.site.id}/`, '/site/other-site/'), { site: locked.site.id })).status).toBe(401);
    expect((await ctx.visit(url.replace(/private-media\/[^/]+\//, 'private-media/~/'), { site: locked.site.id })).status).toBe(401);
  });

  it('lets a token of site A open nothing on site B', async () => {
    const other = await publishedSiteWithLockedPage(ctx);
    const token = await memberToken(ctx, locked.site.id, 'member@example.com');
    const mine = await ctx.visit(privatePath(locked.site.id, locked.lockedPageId), { site: locked.site.id, headers: { authorization: `Bearer ${token}` } });
    expect(mine.status).toBe(200);
    const theirs = await ctx.visit(privatePath(other.site.id, other.lockedPageId), { site: other.site.id, headers: { authorization: `Bearer ${token}` } });
    expect(theirs.status).toBe(401);
    expect((await ctx.visit(`/api/end-user/site/${other.site.id}/me`, { site: other.site.id, headers: { authorization: `Bearer ${token}` } })).status).toBe(401);
    // And the same email must register on site B on its own: membership is per site.
    const login = await ctx.visit(`/api/end-user/site/${other.site.id}/login`, { site: other.site.id, method: 'POST', json: { email: 'member@example.com', password: MEMBER_PASSWORD } });
    expect(login.status).toBe(401);
  });

  it('ends a session on logout', async () => {
    const token = await memberToken(ctx, locked.site.id, 'member@example.com');
    const auth = { headers: { authorization: `Bearer ${token}` } };
    expect((await ctx.visit(`/api/end-user/site/${locked.site.id}/me`, { ...auth, site: locked.site.id })).status).toBe(200);
    expect((await ctx.visit(`/api/end-user/site/${locked.site.id}/logout`, { site: locked.site.id, method: 'POST', ...auth })).status).toBe(200);
    expect((await ctx.visit(`/api/end-user/site/${locked.site.id}/me`, { ...auth, site: locked.site.id })).status).toBe(401);
  });

  it('serves nothing of a site that is not published', async () => {
    const draft = await ctx.createSite();
    expect((await ctx.visit(`/api/end-user/site/${draft.id}/contact-setting`, { site: draft.id })).status).toBe(404);
    expect((await ctx.visit(`/api/end-user/site/${draft.id}/login`, { site: draft.id, method: 'POST', json: { email: 'a@b.jp', password: 'x' } })).status).toBe(404);
  });
});

describe('membership over real SMTP: register, emailed link, login', () => {
  let smtp: TestSmtpServer;
  let locked: LockedSite;
  beforeEach(async () => {
    smtp = await startTestSmtpServer();
    ctx = await createTestContext({ mailer: createMailer({ smtpUrl: smtp.url, from: 'Swipegrid <no-reply@swipegrid.test>', outboxDir: '/nonexistent' }) });
    locked = await publishedSiteWithLockedPage(ctx);
  });
  afterEach(async () => {
    await smtp.close();
  });

  const register = async (json: unknown, ip = '203.0.113.7') => await ctx.visit(`/api/end-user/site/${locked.site.id}/register`, { site: locked.site.id, method: 'POST', json, ip });
  const login = async (email: string, password: string) =>
    await ctx.visit(`/api/end-user/site/${locked.site.id}/login`, { site: locked.site.id, method: 'POST', json: { email, password, lang: 'en' } });
  const linkIn = (index: number) => new URL(textBody(smtp.received[index]!.raw).match(/https?:\/\/\S+/)![0]);

  it('registers temporarily, completes through the link in the received message, then logs in', async () => {
    const response = await register({ data: { email: 'Visitor@Example.com', password: 'Visitor#Pass1', confirmPassword: 'Visitor#Pass1' }, lang: 'jp' });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ message: 'メールを送信しました。メール内のリンクを開いて登録を完了してください。', emailSent: true });
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.to).toEqual(['visitor@example.com']);
    expect(textBody(smtp.received[0]!.raw)).toContain('会員登録ありがとうございます');

    // Before the link is opened there is no member yet.
    expect((await login('visitor@example.com', 'Visitor#Pass1')).status).toBe(401);

    const link = linkIn(0);
    // The link leads to the site's own origin, where its visitor API answers.
    expect(link.origin).toBe(await ctx.originOf(locked.site.id));
    const opened = await ctx.visit(link.pathname + link.search, { site: locked.site.id });
    expect(opened.status).toBe(302);
    expect(opened.headers.get('location')).toBe('/register-success');
    // The link works once.
    const again = await ctx.visit(link.pathname + link.search, { site: locked.site.id });
    expect(again.headers.get('location')).toBe('/register?error=link');

    const loggedIn = await login('visitor@example.com', 'Visitor#Pass1');
    expect(loggedIn.status).toBe(200);
    const session = (await loggedIn.json()) as { token: string; expiresAt: string; user: { email: string } };
    expect(session.user.email).toBe('visitor@example.com');
    const page = await ctx.visit(`/api/end-user/site/${locked.site.id}/page/${locked.lockedPageId}/private`, { site: locked.site.id, headers: { authorization: `Bearer ${session.token}` } });
    expect(page.status).toBe(200);
  });

  it('resends a fresh link that works while the first one no longer does', async () => {
    await register({ data: { email: 'late@example.com', password: 'Visitor#Pass1', confirmPassword: 'Visitor#Pass1' }, lang: 'en' });
    const resend = await ctx.visit(`/api/end-user/site/${locked.site.id}/resend-register-email`, { site: locked.site.id, method: 'POST', json: { email: 'late@example.com', lang: 'en' } });
    expect(resend.status).toBe(200);
    // The mail goes in the background, so that the answer's time says nothing.
    await ctx.background.idle();
    expect(smtp.received).toHaveLength(2);
    expect(textBody(smtp.received[1]!.raw)).toContain('complete your registration');
    const first = linkIn(0);
    expect((await ctx.visit(first.pathname + first.search, { site: locked.site.id })).headers.get('location')).toMatch(/register\?error=link$/);
    const second = linkIn(1);
    expect((await ctx.visit(second.pathname + second.search, { site: locked.site.id })).headers.get('location')).toBe('/en/register-success');
    expect((await login('late@example.com', 'Visitor#Pass1')).status).toBe(200);
  });

  it('answers a resend for an unknown email the same way, sending nothing', async () => {
    const resend = await ctx.visit(`/api/end-user/site/${locked.site.id}/resend-register-email`, { site: locked.site.id, method: 'POST', json: { email: 'nobody@example.com' } });
    expect(resend.status).toBe(200);
    await ctx.background.idle();
    expect(smtp.received).toHaveLength(0);
  });

  it(`refuses the ${MAIL_REQUESTS.perEmail + 1}st resend for one email within the window, from whatever addresses, in parallel`, async () => {
    // Whether a registration is pending does not matter: the request counts before that is looked up.
    const resend = async (i: number) =>
      await ctx.visit(`/api/end-user/site/${locked.site.id}/resend-register-email`, { method: 'POST', site: locked.site.id, ip: `10.3.${i}.1`, json: { email: 'nobody@example.com' } });
    const statuses = (await Promise.all(Array.from({ length: MAIL_REQUESTS.perEmail + 1 }, async (_, i) => await resend(i)))).map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(MAIL_REQUESTS.perEmail);
    expect(statuses.filter((status) => status === 429)).toHaveLength(1);
  });

  it('refuses weak passwords, a mismatched confirmation, bad emails and a registered email, naming the field', async () => {
    const cases: [unknown, string][] = [
      [{ data: { email: 'a@example.com', password: 'weakpass', confirmPassword: 'weakpass' }, lang: 'en' }, 'Password: Use 8 to 20 characters'],
      [{ data: { email: 'a@example.com', password: 'Visitor#Pass1', confirmPassword: 'Visitor#Pass2' }, lang: 'en' }, 'Confirm password: Passwords do not match. Please try again.'],
      [{ data: { email: 'not-an-email', password: 'Visitor#Pass1', confirmPassword: 'Visitor#Pass1' }, lang: 'en' }, 'Email: Invalid email address.'],
      [{ data: { email: 'a@example.com', password: 'Visitor#Pass1' }, lang: 'en' }, 'Confirm password: Please enter all required fields.'],
      [{ data: { email: 'a@example.com', password: 'Visitor#Pass1', confirmPassword: 'Visitor#Pass1' }, lang: 'kr', website: '' }, ''],
    ];
    for (const [body, message] of cases) {
      const response = await register(body);
      if (message === '') {
        expect(response.status).toBe(201);
        continue;
      }
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toContain(message);
    }
    const link = linkIn(0);
    await ctx.visit(link.pathname + link.search, { site: locked.site.id });
    const twice = await register({ data: { email: 'a@example.com', password: 'Visitor#Pass1', confirmPassword: 'Visitor#Pass1' }, lang: 'en' });
    expect(twice.status).toBe(400);
    expect(await twice.json()).toEqual({ message: 'This email address is already registered. Please log in.', code: 'conflict', key: 'alreadyRegistered', values: {}, issues: [] });
  });

  it('refuses a wrong password with the spec message and does not say whether the email exists', async () => {
    await memberTokenOverSmtp('known@example.com');
    const wrong = await login('known@example.com', 'Wrong#Pass1');
    const unknown = await login('unknown@example.com', 'Wrong#Pass1');
    expect(await wrong.json()).toEqual({
      message: 'The login ID or password is incorrect. Please check and try logging in again.',
      code: 'unauthenticated',
      key: 'loginFailed',
      values: {},
      issues: [],
    });
    expect(await unknown.json()).toEqual({
      message: 'The login ID or password is incorrect. Please check and try logging in again.',
      code: 'unauthenticated',
      key: 'loginFailed',
      values: {},
      issues: [],
    });
  });

  it('keeps the registration when the email cannot be sent, and says the email was not sent', async () => {
    await smtp.close();
    const response = await register({ data: { email: 'later@example.com', password: 'Visitor#Pass1', confirmPassword: 'Visitor#Pass1' }, lang: 'en' });
    expect(response.status).toBe(201);
    expect(((await response.json()) as { emailSent: boolean }).emailSent).toBe(false);
    // A server for afterEach to close.
    smtp = await startTestSmtpServer();
    const pending = await sqlAll(ctx.db, 'SELECT email FROM end_user_registrations');
    expect(pending).toEqual([{ email: 'later@example.com' }]);
  });

  it('drops a registration whose honeypot is filled, answering as if it worked', async () => {
    const response = await register({ data: { email: 'bot@example.com', password: 'Visitor#Pass1', confirmPassword: 'Visitor#Pass1' }, lang: 'en', website: 'http://spam.example' });
    expect(response.status).toBe(201);
    expect(smtp.received).toHaveLength(0);
    expect(await sqlGet(ctx.db, 'SELECT count(*) AS n FROM end_user_registrations')).toEqual({ n: 0 });
  });

  async function memberTokenOverSmtp(email: string) {
    await register({ data: { email, password: 'Visitor#Pass1', confirmPassword: 'Visitor#Pass1' }, lang: 'en' });
    const link = linkIn(smtp.received.length - 1);
    await ctx.visit(link.pathname + link.search, { site: locked.site.id });
  }
});
