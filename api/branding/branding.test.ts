import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_PROFILE_PICTURE_BYTES } from '../../model/constants.ts';
import { messageText } from '../../model/messages/text.ts';
import { addAccount, createTestContext, fileForm, jpegBytes, pngBytes, type TestContext } from '../test-support.ts';

type Branding = { logoUrl: string; mainColor: string; textColor: string };
type ErrorBody = { key: string; message: string; issues: { path: string[]; key: string }[] };

let ctx: TestContext;
let oemA: { id: string; email: string; password: string };
let oemB: { id: string; email: string; password: string };
const cookies = new Map<string, string>();

async function cookieOf(account: { email: string; password: string }): Promise<string> {
  const known = cookies.get(account.email);
  if (known) return known;
  const cookie = await ctx.loginAs(account.email, account.password);
  cookies.set(account.email, cookie);
  return cookie;
}

async function as(account: { email: string; password: string }, path: string, init: RequestInit & { json?: unknown } = {}): Promise<Response> {
  return ctx.request(path, { ...init, headers: { ...(init.headers as Record<string, string> | undefined), cookie: await cookieOf(account) } });
}

async function brandingSeenBy(account: { email: string; password: string }): Promise<Branding | null> {
  const body = (await (await as(account, '/api/auth/user-info')).json()) as { account: { branding: Branding | null } };
  return body.account.branding;
}

const saveBranding = (account: { email: string; password: string }, json: Record<string, unknown>, headers: Record<string, string> = {}) =>
  as(account, '/api/oem-master/branding', { method: 'PUT', json, headers });

beforeEach(async () => {
  ctx = await createTestContext();
  cookies.clear();
  oemA = await addAccount(ctx.db, { type: 'OEM_MASTER', planId: 'oem' });
  oemB = await addAccount(ctx.db, { type: 'OEM_MASTER', planId: 'oem' });
});
afterEach(() => ctx.cleanup());

describe('an OEM master’s custom branding', () => {
  it('is set by the OEM master and seen by its admins, its users and their sub-admins, not by another OEM’s accounts or the platform', async () => {
    const adminA = await addAccount(ctx.db, { type: 'OEM_ADMIN', parentId: oemA.id });
    const userA = await addAccount(ctx.db, { type: 'USER', parentId: adminA.id, planId: 'premium' });
    const subAdminA = await addAccount(ctx.db, { type: 'SUB_ADMIN', parentId: userA.id, role: 'viewer' });
    const userB = await addAccount(ctx.db, { type: 'USER', parentId: oemB.id, planId: 'premium' });

    const saved = await saveBranding(oemA, { mainColor: '#0a3d62', textColor: '#ffffff' });
    expect(saved.status).toBe(200);
    const expected = { logoUrl: '', mainColor: '#0A3D62', textColor: '#FFFFFF' };
    expect(((await (await as(oemA, '/api/oem-master/branding')).json()) as { branding: Branding }).branding).toEqual({ ...expected, adminHost: '', adminHostState: 'none', adminHostRecords: [] });

    for (const account of [oemA, adminA, userA, subAdminA]) expect(await brandingSeenBy(account)).toEqual(expected);
    expect(await brandingSeenBy(userB)).toBeNull();
    expect(await brandingSeenBy(oemB)).toBeNull();
    const platform = (await (await ctx.request('/api/auth/user-info')).json()) as { account: { branding: Branding | null } };
    expect(platform.account.branding).toBeNull();
    // Another OEM master reads its own, untouched branding, never A's.
    expect(((await (await as(oemB, '/api/oem-master/branding')).json()) as { branding: Branding }).branding.mainColor).not.toBe('#0A3D62');
  });

  it('is changed by the OEM master alone: its admins, its users and the platform are refused', async () => {
    const adminA = await addAccount(ctx.db, { type: 'OEM_ADMIN', parentId: oemA.id });
    const userA = await addAccount(ctx.db, { type: 'USER', parentId: oemA.id, planId: 'premium' });
    for (const account of [adminA, userA]) expect((await saveBranding(account, { mainColor: '#000000', textColor: '#FFFFFF' })).status).toBe(403);
    expect((await ctx.request('/api/oem-master/branding', { method: 'PUT', json: { mainColor: '#000000', textColor: '#FFFFFF' } })).status).toBe(403);
    const logo = await as(adminA, '/api/oem-master/branding/logo', { method: 'POST', body: fileForm(await pngBytes(10, 10, '#ff0000'), 'logo.png') });
    expect(logo.status).toBe(403);
    expect(await brandingSeenBy(userA)).toBeNull();
  });

  it('refuses a text colour under 4.5:1 on the main colour, and colours that are not hex', async () => {
    const pale = await saveBranding(oemA, { mainColor: '#FFFFFF', textColor: '#FFFF00' });
    expect(pale.status).toBe(400);
    const body = (await pale.json()) as ErrorBody;
    expect(body.issues).toEqual([expect.objectContaining({ path: ['textColor'], key: 'brandingContrast' })]);
    // 4.48:1, just under the line; 4.54:1 just over it.
    expect((await saveBranding(oemA, { mainColor: '#FFFFFF', textColor: '#777777' })).status).toBe(400);
    expect((await saveBranding(oemA, { mainColor: '#FFFFFF', textColor: '#767676' })).status).toBe(200);
    const named = (await (await saveBranding(oemA, { mainColor: 'red', textColor: '#FFFFFF' })).json()) as ErrorBody;
    expect(named.issues).toEqual([expect.objectContaining({ path: ['mainColor'], key: 'invalidColour' })]);
  });
});

describe('an OEM’s own admin host', () => {
  it('shows its branding on the login page before sign-in, on that host only', async () => {
    const loginBranding = async (host: string) => ((await (await ctx.request('/api/branding/login', { headers: { cookie: '', host } })).json()) as { branding: Branding | null }).branding;
    expect(await loginBranding('admin.oem-a.test')).toBeNull();
    expect((await saveBranding(oemA, { mainColor: '#0A3D62', textColor: '#FFFFFF', adminHost: 'Admin.OEM-A.test' })).status).toBe(200);
    await ctx.verifyAdminHost(oemA.id);
    expect(await loginBranding('admin.oem-a.test:3000')).toEqual({ logoUrl: '', mainColor: '#0A3D62', textColor: '#FFFFFF' });
    expect(await loginBranding('localhost:3000')).toBeNull();
    expect(await loginBranding('admin.oem-b.test')).toBeNull();
  });

  it('is a host name no one else has: not another OEM’s verified one, the admin’s own, a site origin’s or a malformed one', async () => {
    expect((await saveBranding(oemA, { mainColor: '#000000', textColor: '#FFFFFF', adminHost: 'admin.oem.test' })).status).toBe(200);
    await ctx.verifyAdminHost(oemA.id);
    const taken = (await (await saveBranding(oemB, { mainColor: '#000000', textColor: '#FFFFFF', adminHost: 'admin.oem.test' })).json()) as ErrorBody;
    expect(taken.key).toBe('adminHostTaken');
    // The test apps' admin is on localhost and its sites on {handle}.localhost.
    for (const host of ['localhost', 'shop.localhost']) {
      const refused = await saveBranding(oemB, { mainColor: '#000000', textColor: '#FFFFFF', adminHost: host });
      expect([host, ((await refused.json()) as ErrorBody).issues[0]?.key]).toEqual([host, host === 'localhost' ? 'invalidDomain' : 'adminHostReserved']);
    }
    const malformed = (await (await saveBranding(oemB, { mainColor: '#000000', textColor: '#FFFFFF', adminHost: 'https://admin.oem.test/' })).json()) as ErrorBody;
    expect(malformed.issues[0]?.key).toBe('invalidDomain');
    // Nor, once registered, any site's custom domain; and a site's domain is no admin host.
    const site = await ctx.createSite();
    const claimed = await ctx.request(`/api/site/${site.id}`, { method: 'PUT', json: { customDomain: 'admin.oem.test' } });
    expect([claimed.status, ((await claimed.json()) as ErrorBody).key]).toEqual([400, 'domainTaken']);
    expect((await ctx.request(`/api/site/${site.id}`, { method: 'PUT', json: { customDomain: 'shop.oem.test' } })).status).toBe(200);
    const siteHost = (await (await saveBranding(oemB, { mainColor: '#000000', textColor: '#FFFFFF', adminHost: 'shop.oem.test' })).json()) as ErrorBody;
    expect(siteHost.key).toBe('adminHostTaken');
  });

  it('is an admin origin once verified: CSRF lets its Origin in, the TLS ask allows it and the site port hands it to the admin', async () => {
    const host = 'admin.oem-a.test';
    const fromHost = { origin: `http://${host}:3000` };
    expect((await saveBranding(oemA, { mainColor: '#000000', textColor: '#FFFFFF' }, fromHost)).status).toBe(403);
    expect((await ctx.visit(`/api/tls/ask?domain=${host}`)).status).toBe(404);
    expect((await ctx.visit('/api/branding/login', { headers: { host } })).status).toBe(404);

    expect((await saveBranding(oemA, { mainColor: '#000000', textColor: '#FFFFFF', adminHost: host })).status).toBe(200);
    await ctx.verifyAdminHost(oemA.id);
    expect((await saveBranding(oemA, { mainColor: '#111111', textColor: '#FFFFFF', adminHost: host }, fromHost)).status).toBe(200);
    expect((await saveBranding(oemA, { mainColor: '#111111', textColor: '#FFFFFF', adminHost: host }, { origin: 'http://admin.oem-b.test:3000' })).status).toBe(403);
    expect((await ctx.visit(`/api/tls/ask?domain=${host}`)).status).toBe(200);
    const handed = await ctx.visit('/api/branding/login', { headers: { host } });
    expect(((await handed.json()) as { branding: Branding }).branding.mainColor).toBe('#111111');
    // The admin's own answers, not a site's: its API asks for a session there.
    expect((await ctx.visit('/api/auth/user-info', { headers: { host } })).status).toBe(401);
    expect((await ctx.visit('/api/auth/user-info', { headers: { host: 'admin.oem-b.test' } })).status).toBe(404);
  });
});

describe('uploads of the profile picture and the OEM logo', () => {
  const expectImage = async (url: string, width: number, height: number) => {
    const image = await ctx.request(url, { headers: { cookie: '' } });
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(new Uint8Array(await image.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', width, height]);
  };

  it('crops a profile picture to 250 × 250 and shows it as the account’s logo', async () => {
    const user = await addAccount(ctx.db, { type: 'USER', parentId: oemA.id, planId: 'premium' });
    // A JPEG named .jfif: its bytes say what it is.
    const uploaded = await as(user, '/api/auth/profile-picture', { method: 'POST', body: fileForm(await jpegBytes(800, 400, '#336699'), 'me.jfif') });
    expect(uploaded.status).toBe(201);
    const { logoUrl } = (await uploaded.json()) as { logoUrl: string };
    await expectImage(logoUrl, 250, 250);
    const info = (await (await as(user, '/api/auth/user-info')).json()) as { account: { logoUrl: string } };
    expect(info.account.logoUrl).toBe(logoUrl);
  });

  it('fits an OEM logo within 250 × 150 and shows it to the accounts under the OEM', async () => {
    const user = await addAccount(ctx.db, { type: 'USER', parentId: oemA.id, planId: 'premium' });
    const uploaded = await as(oemA, '/api/oem-master/branding/logo', { method: 'POST', body: fileForm(await pngBytes(1000, 200, '#ff8800'), 'logo.png') });
    expect(uploaded.status).toBe(201);
    const { branding } = (await uploaded.json()) as { branding: Branding };
    await expectImage(branding.logoUrl, 250, 50);
    expect((await brandingSeenBy(user))?.logoUrl).toBe(branding.logoUrl);
  });

  it('refuses by content what is not a JPG or PNG, with the spec’s message, whatever the name says', async () => {
    const user = await addAccount(ctx.db, { type: 'USER', parentId: oemA.id, planId: 'premium' });
    const gif = new TextEncoder().encode('GIF89a\x01\x00\x01\x00\x00\x00\x00;');
    const text = new TextEncoder().encode('not an image at all');
    const webp = new Uint8Array(
      await sharp({ create: { width: 8, height: 8, channels: 3, background: '#00ff00' } })
        .webp()
        .toBuffer(),
    );
    for (const [bytes, name] of [
      [gif, 'me.png'],
      [text, 'me.jpg'],
      [webp, 'me.png'],
    ] as const) {
      const refused = await as(user, '/api/auth/profile-picture', { method: 'POST', body: fileForm(bytes, name, 'image/png') });
      expect(refused.status).toBe(400);
      const body = (await refused.json()) as ErrorBody;
      expect([name, body.key, body.message]).toEqual([name, 'unsupportedPicture', messageText('unsupportedPicture', 'en')]);
    }
    expect(((await (await as(user, '/api/auth/user-info')).json()) as { account: { logoUrl: string } }).account.logoUrl).toBe('');
  });

  it('refuses a file over 2 MB with the spec’s message, also when several arrive at once, and stores none of them', async () => {
    const user = await addAccount(ctx.db, { type: 'USER', parentId: oemA.id, planId: 'premium' });
    const png = await pngBytes(4, 4, '#000000');
    const big = new Uint8Array(MAX_PROFILE_PICTURE_BYTES + 1);
    big.set(png);
    const answers = await Promise.all(
      Array.from({ length: 4 }, (_, i) => as(user, i % 2 ? '/api/auth/profile-picture' : '/api/oem-master/branding/logo', { method: 'POST', body: fileForm(big, 'huge.png', 'image/png') })),
    );
    for (const [i, answer] of answers.entries()) {
      const body = (await answer.json()) as ErrorBody;
      if (i % 2 === 0) {
        expect(answer.status).toBe(403);
        continue;
      }
      expect(answer.status).toBe(413);
      expect(body.message).toMatch(/^(huge\.png|file) - File size exceeds the 2MB limit$/);
    }
    const oemAnswers = await Promise.all(Array.from({ length: 3 }, () => as(oemA, '/api/oem-master/branding/logo', { method: 'POST', body: fileForm(big, 'huge.png', 'image/png') })));
    for (const answer of oemAnswers) expect([answer.status, ((await answer.json()) as ErrorBody).key]).toEqual([413, 'fileTooLarge']);
    const stored = [];
    for await (const info of ctx.rawStorage.list('account-images/')) stored.push(info.key);
    expect(stored).toEqual([]);
  });
});
