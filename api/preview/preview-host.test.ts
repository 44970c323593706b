import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addAccount, createTestContext, pngBytes, SITE_ORIGIN, testRenderer, type TestContext } from '../test-support.ts';
import { createSiteApp } from '../app.ts';
import { createAdminHosts } from '../branding/admin-hosts.ts';
import { CANVAS_FLAG } from '../../model/canvas.ts';

let ctx: TestContext;
beforeEach(async () => {
  ctx = await createTestContext();
});
afterEach(async () => ctx.cleanup());

async function keysUnder(prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const info of ctx.storage.list(prefix)) keys.push(info.key);
  return keys;
}

const PREVIEW_ORIGIN = 'http://preview.localhost:3001';

async function previewLink(siteId: string): Promise<string> {
  const response = await ctx.request(`/api/preview/site/${siteId}`, { method: 'POST' });
  expect(response.status).toBe(200);
  const { url } = (await response.json()) as { url: string };
  // Previews have an origin of their own, which no published site shares.
  expect(new URL(url).origin).toBe(PREVIEW_ORIGIN);
  return new URL(url).pathname;
}

/** The site app's visitor half as the test context wires it; these tests exercise only its preview pages. */
function visitorDeps() {
  return { db: ctx.db, storage: ctx.storage, mailer: ctx.mailer, events: ctx.events, siteOrigin: SITE_ORIGIN };
}

describe('the draft preview on the preview origin', () => {
  it('as the page editor’s canvas, lets the page look its media up by the draft URLs the editor sends; a plain preview keeps them private', async () => {
    const site = await ctx.createSite({ numberHorizontal: 1, numberVertical: 1 });
    const page = site.creatives[0]!.pages[0]!;
    const upload = await ctx.uploadMedia(site.id, await pngBytes(30, 60, '#336699'));
    await ctx.writePage(site.id, page.id, 'jp', { detail: { imageUrl: upload.url } });
    const app = await createSiteApp({ ...visitorDeps(), preview: { db: ctx.db, renderer: testRenderer, adminOrigin: () => 'http://admin.test' } });
    const base = await previewLink(site.id);
    const plain = await (await app.request(`${PREVIEW_ORIGIN}${base}A1`)).text();
    const canvas = await (await app.request(`${PREVIEW_ORIGIN}${base}A1?${CANVAS_FLAG}`)).text();
    expect(plain).not.toContain(upload.url);
    expect(canvas).toContain(upload.url);
  });

  it('as the canvas, maps a members-only page’s media and every upload, and looks up one stored after it loaded', async () => {
    const site = await ctx.createSite({ numberHorizontal: 1, numberVertical: 1 });
    const page = site.creatives[0]!.pages[0]!;
    const locked = await ctx.uploadMedia(site.id, await pngBytes(30, 60, '#663399'));
    await ctx.writePage(site.id, page.id, 'jp', { membersOnlyLock: true, detail: { imageUrl: locked.url } });
    const app = await createSiteApp({ ...visitorDeps(), preview: { db: ctx.db, renderer: testRenderer, adminOrigin: () => 'http://admin.test' } });
    const base = await previewLink(site.id);
    // Visitors of the preview meet the lock; the owner's canvas may draw the page's media under it.
    expect(await (await app.request(`${PREVIEW_ORIGIN}${base}A1`)).text()).not.toContain(locked.url);
    expect(await (await app.request(`${PREVIEW_ORIGIN}${base}A1?${CANVAS_FLAG}`)).text()).toContain(locked.url);
    const late = await ctx.uploadMedia(site.id, await pngBytes(40, 20, '#993366'));
    const entry = await app.request(`${PREVIEW_ORIGIN}${base}_media/${late.id}`);
    expect(entry.status).toBe(200);
    expect(await entry.json()).toEqual({ kind: 'image', image: { src: `${base}media/${late.id}`, width: 40, height: 20, sources: [] } });
    expect((await app.request(`${PREVIEW_ORIGIN}${base}_media/nothing-here`)).status).toBe(404);
  });

  it('offers its viewer the draft’s popups and notifications as the visitor API would, their media under the preview’s path', async () => {
    const site = await ctx.createSite({ numberHorizontal: 1, numberVertical: 1 });
    const image = await ctx.uploadMedia(site.id, await pngBytes(20, 20, '#228822'));
    const day = 24 * 3600_000;
    const iso = (offset: number) => new Date(Date.now() + offset).toISOString();
    const saved = await ctx.request(`/api/site/${site.id}`, {
      method: 'PUT',
      json: {
        popupCtas: {
          applicantLimit: {
            id: 'apply1',
            startDate: iso(-day),
            endDate: iso(day),
            effectivePages: [1],
            limit: 50,
            numberClicks: 2,
            media: { url: image.url, type: 'IMAGE' },
            transition: { transitionType: 'EXTERNAL_URL', externalLinkUrl: 'https://example.com/apply' },
          },
        },
      },
    });
    expect(saved.status).toBe(200);
    const notice = await ctx.request(`/api/site/${site.id}/notification-delivery`, { method: 'POST', json: { title: 'Opening', status: 'PUBLISHED', publicationMode: 'INSTANT' } });
    expect(notice.status).toBe(201);
    const app = await createSiteApp({ ...visitorDeps(), preview: { db: ctx.db, renderer: testRenderer, adminOrigin: () => 'http://admin.test' } });
    const base = await previewLink(site.id);
    const answer = await app.request(`${PREVIEW_ORIGIN}${base}_extras`);
    expect(answer.status).toBe(200);
    const extras = (await answer.json()) as { popups: { id: string; remaining: number; media: { url: string } }[]; notifications: { title: string }[]; campaign: unknown };
    expect(extras.popups.map(({ id, remaining, media }) => ({ id, remaining, url: media.url }))).toEqual([{ id: 'apply1', remaining: 48, url: `${base}media/${image.id}` }]);
    expect(extras.notifications.map((notification) => notification.title)).toEqual(['Opening']);
    expect(extras.campaign).toBeNull();
    // The site was never published: its visitor API knows nothing of it, on any origin.
    expect((await app.request(`${PREVIEW_ORIGIN}/api/end-user/site/${site.id}/popup-cta`)).status).toBe(404);
  });

  it('may be framed by the verified admin host of its owner’s OEM too, on the admin’s scheme and port, and by no other host', async () => {
    const oem = await addAccount(ctx.db, { type: 'OEM_MASTER', planId: 'oem' });
    const customer = await addAccount(ctx.db, { type: 'USER', parentId: oem.id, planId: 'premium' });
    const created = await ctx.request('/api/site', {
      method: 'POST',
      json: { name: 'OEM customer', numberHorizontal: 1, numberVertical: 1, defaultLanguage: 'jp', languages: ['jp'] },
      headers: { cookie: await ctx.loginAs(customer.email, customer.password) },
    });
    const site = (await created.json()) as { id: string };
    const adminHosts = await createAdminHosts(ctx.db);
    const app = await createSiteApp({ ...visitorDeps(), adminHosts, preview: { db: ctx.db, renderer: testRenderer, adminOrigin: () => 'https://admin.test' } });
    const base = await previewLink(site.id);
    const framers = async () => (await app.request(`${PREVIEW_ORIGIN}${base}A1`)).headers.get('content-security-policy');
    expect(await framers()).toBe("frame-ancestors 'self' https://admin.test");
    const saved = await ctx.request('/api/oem-master/branding', {
      method: 'PUT',
      json: { mainColor: '#000000', textColor: '#FFFFFF', adminHost: 'admin.oem.test' },
      headers: { cookie: await ctx.loginAs(oem.email, oem.password) },
    });
    expect(saved.status).toBe(200);
    await adminHosts.refresh();
    // Claimed, not yet proven by DNS: not trusted.
    expect(await framers()).toBe("frame-ancestors 'self' https://admin.test");
    await ctx.verifyAdminHost(oem.id);
    await adminHosts.refresh();
    expect(await framers()).toBe("frame-ancestors 'self' https://admin.test https://admin.oem.test");
  });

  it('renders the unpublished draft with the built viewer, its media and neighbour data behind the token', async () => {
    const site = await ctx.createSite({ numberHorizontal: 2, numberVertical: 1 });
    const page = site.creatives[1]!.pages[0]!;
    const upload = await ctx.uploadMedia(site.id, await pngBytes(30, 60, '#336699'));
    await ctx.writePage(site.id, page.id, 'jp', { detail: { imageUrl: upload.url, mainText: 'Draft words only' } });
    const app = await createSiteApp({ ...visitorDeps(), preview: { db: ctx.db, renderer: testRenderer, adminOrigin: () => 'http://admin.test' } });
    const base = await previewLink(site.id);
    expect(await keysUnder('_astro/')).toEqual([]);

    const html = await app.request(`${PREVIEW_ORIGIN}${base}B1`);
    expect(html.status).toBe(200);
    expect(html.headers.get('referrer-policy')).toBe('no-referrer');
    expect(html.headers.get('content-security-policy')).toBe("frame-ancestors 'self' http://admin.test");
    const body = await html.text();
    expect(body).toContain('Draft words only');
    const mediaPath = `${base}media/${upload.id}`;
    expect(body).toContain(mediaPath);
    // The page's media comes from the private upload, through the token, and nothing was made public.
    const image = await app.request(`${PREVIEW_ORIGIN}${mediaPath}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(await keysUnder('media/')).toEqual([]);
    const data = await app.request(`${PREVIEW_ORIGIN}${base}_data/jp/${page.id}.json`);
    expect(((await data.json()) as { content: { detail: { mainText: string } } }).content.detail.mainText).toBe('Draft words only');
    // The viewer's client files are on the preview origin for a site never published.
    const script = /component-url="(\/_astro\/[^"]+\.js)"/.exec(body)?.[1];
    expect(script).toBeDefined();
    expect((await app.request(`${PREVIEW_ORIGIN}${script!}`)).status).toBe(200);
  });

  it("refuses a forged or another site's token, and the admin refuses the link to a caller without a session", async () => {
    const site = await ctx.createSite();
    const other = await ctx.createSite();
    const app = await createSiteApp({ ...visitorDeps(), preview: { db: ctx.db, renderer: testRenderer } });
    const base = await previewLink(site.id);
    const token = base.split('/')[3]!;
    expect((await app.request(`${PREVIEW_ORIGIN}/preview/${other.id}/${token}/`)).status).toBe(403);
    expect((await app.request(`${PREVIEW_ORIGIN}/preview/${site.id}/${token.slice(0, -2)}xx/`)).status).toBe(403);
    expect((await ctx.request(`/api/preview/site/${site.id}`, { method: 'POST', headers: { cookie: '' } })).status).toBe(401);
  });
});

describe('the preview origin', () => {
  it('serves previews nowhere else, and nothing but previews, the viewer files and a visitor API acting for no site', async () => {
    const site = await ctx.createSite({ numberHorizontal: 1, numberVertical: 1 });
    await ctx.publish(site.id);
    const app = await createSiteApp({ ...visitorDeps(), preview: { db: ctx.db, renderer: testRenderer } });
    const base = await previewLink(site.id);
    expect((await app.request(`${PREVIEW_ORIGIN}${base}`)).status).toBe(200);
    // Not on the shared host, nor on the site's own origin, where the owner's published scripts run.
    for (const origin of [SITE_ORIGIN, await ctx.originOf(site.id)]) expect((await app.request(`${origin}${base}`)).status, origin).toBe(404);
    // No published page, no spec-address redirect, no visitor call for the site.
    expect((await app.request(`${PREVIEW_ORIGIN}/`)).status).toBe(404);
    expect((await app.request(`${PREVIEW_ORIGIN}/sites/${site.id}/`)).status).toBe(404);
    expect((await app.request(`${PREVIEW_ORIGIN}/api/end-user/site/${site.id}/contact-setting`)).status).toBe(404);
  });
});

describe('the global menu', () => {
  it('names every category in the language edited, refusing empty and duplicated names', async () => {
    const site = await ctx.createSite({ numberHorizontal: 2, numberVertical: 1 });
    const [a, b] = site.creatives;
    const put = (categories: unknown, lang = 'jp') => ctx.request(`/api/site/${site.id}/categories?lang=${lang}`, { method: 'PUT', json: { categories } });
    const duplicated = await put([
      { id: a!.id, name: 'Shoes' },
      { id: b!.id, name: 'shoes' },
    ]);
    expect(duplicated.status).toBe(400);
    expect(((await duplicated.json()) as { message: string }).message).toContain('Menu items must not be duplicated.');
    expect(
      (
        await put([
          { id: a!.id, name: ' ' },
          { id: b!.id, name: 'Bags' },
        ])
      ).status,
    ).toBe(400);
    expect((await put([{ id: a!.id, name: 'Shoes' }])).status).toBe(400);
    expect(
      (
        await put([
          { id: a!.id, name: 'Shoes' },
          { id: b!.id, name: 'Bags' },
        ])
      ).status,
    ).toBe(200);
    expect(
      (
        await put(
          [
            { id: a!.id, name: 'Shoes EN' },
            { id: b!.id, name: 'Bags EN' },
          ],
          'en',
        )
      ).status,
    ).toBe(200);
    const jp = (await (await ctx.request(`/api/site/${site.id}?lang=jp`)).json()) as { creatives: { name: string }[] };
    const en = (await (await ctx.request(`/api/site/${site.id}?lang=en`)).json()) as { creatives: { name: string }[] };
    expect(jp.creatives.map((creative) => creative.name)).toEqual(['Shoes', 'Bags']);
    expect(en.creatives.map((creative) => creative.name)).toEqual(['Shoes EN', 'Bags EN']);
  });
});
