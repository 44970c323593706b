import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveKey } from '../publisher/versions.ts';
import type { Storage } from '../storage/storage.ts';
import { hostSites } from './host-sites.ts';
import { publishAndSweep } from './publishing/publish-and-sweep.ts';
import { createStorageLease } from './publishing/storage-lease.ts';
import { siteHost } from './site-host.ts';
import { loadSiteDraft } from './sites/load-site-draft.ts';
import { ADMIN_ORIGIN, createTestContext, SITE_ORIGIN, testRenderer, type TestContext } from './test-support.ts';

/** Each published site on its own origin; the shared host only redirects; framing by the site itself and the admin only. */
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.cleanup());

describe('published pages and framing', () => {
  it('sends frame-ancestors naming only the site itself and the admin on every page, the 404 page included, and nosniff', async () => {
    const site = await ctx.createSite({ name: 'Framed', numberHorizontal: 1, numberVertical: 1 });
    await ctx.publish(site.id);
    for (const [path, status] of [
      ['/', 200],
      ['/Z99', 404],
    ] as const) {
      const page = await ctx.visit(path, { site: site.id });
      expect(page.status, path).toBe(status);
      expect(page.headers.get('content-type'), path).toContain('text/html');
      expect(page.headers.get('content-security-policy'), path).toBe(`frame-ancestors 'self' ${ADMIN_ORIGIN}`);
      expect(page.headers.get('x-content-type-options'), path).toBe('nosniff');
    }
    const sitemap = await ctx.visit('/sitemap.xml', { site: site.id });
    expect(sitemap.status).toBe(200);
    expect(sitemap.headers.get('content-security-policy')).toBeNull();
  });
});

describe('what is live', () => {
  it('serves page views without reading the live pointer from storage for each, and a version published in this process from the next view on', async () => {
    const view = await ctx.createSite({ name: 'Busy', numberHorizontal: 1, numberVertical: 1, languages: ['jp'] });
    const pageId = view.creatives[0]!.pages[0]!.id;
    await ctx.writePage(view.id, pageId, 'jp', { detail: { mainText: 'Before the edit' } });
    await ctx.publish(view.id);
    // A node of its own: its storage handle counts the pointer's reads, and nothing is remembered for it yet.
    let pointerReads = 0;
    const storage: Storage = {
      ...ctx.storage,
      get(key) {
        if (key === liveKey(view.id)) pointerReads++;
        return ctx.storage.get(key);
      },
      list: (prefix) => ctx.storage.list(prefix),
    };
    const host = siteHost(storage, { sites: hostSites(storage, { siteDomain: 'localhost' }), siteOrigin: () => SITE_ORIGIN, siteDomain: 'localhost', liveCacheMs: 60_000 });
    const origin = await ctx.originOf(view.id);
    const page = async () => {
      const response = await host.request(`${origin}/`);
      expect(response.status).toBe(200);
      return response.text();
    };
    for (let n = 0; n < 30; n++) expect(await page()).toContain('Before the edit');
    expect(pointerReads).toBe(1);

    await ctx.writePage(view.id, pageId, 'jp', { detail: { mainText: 'After the edit' } });
    const published = await publishAndSweep(await loadSiteDraft(ctx.db, view.id), { storage, renderer: await testRenderer(), siteOrigin: SITE_ORIGIN, lease: createStorageLease(ctx.db) });
    expect(published.result).toMatchObject({ changed: true, version: 2 });
    const readsOfThePublish = pointerReads;
    expect(await page()).toContain('After the edit');
    expect(pointerReads).toBe(readsOfThePublish);
  });
});

describe('compression', () => {
  it('sends pages and scripts gzipped to a browser that takes gzip, the same bytes unzipped, with Vary; images and 304s as they are', async () => {
    const site = await ctx.createSite({ name: 'Compressed', numberHorizontal: 1, numberVertical: 1 });
    await ctx.publish(site.id);
    const plain = await ctx.visit('/', { site: site.id });
    const plainBytes = new Uint8Array(await plain.arrayBuffer());
    expect(plain.headers.get('content-encoding')).toBeNull();
    const zipped = await ctx.visit('/', { site: site.id, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(zipped.headers.get('vary')).toBe('Accept-Encoding');
    expect(zipped.headers.get('etag')).toBe(plain.headers.get('etag'));
    const zippedBytes = new Uint8Array(await zipped.arrayBuffer());
    expect(zippedBytes.byteLength).toBeLessThan(plainBytes.byteLength / 2);
    expect(new Uint8Array(gunzipSync(zippedBytes))).toEqual(plainBytes);
    const revalidated = await ctx.visit('/', { site: site.id, headers: { 'accept-encoding': 'gzip', 'if-none-match': plain.headers.get('etag')! } });
    expect(revalidated.status).toBe(304);

    const script = [...new TextDecoder().decode(plainBytes).matchAll(/\/_astro\/[\w.-]+\.js/g)].map((match) => match[0])[0]!;
    const scriptResponse = await ctx.visit(script, { site: site.id, headers: { 'accept-encoding': 'gzip' } });
    expect(scriptResponse.status).toBe(200);
    expect(scriptResponse.headers.get('content-encoding')).toBe('gzip');
    expect(scriptResponse.headers.get('cache-control')).toContain('immutable');
  });
});

describe('a site on its own origin', () => {
  it('serves each site at the root of {handle}.localhost and another site at the root of its own', async () => {
    const a = await ctx.createSite({ name: 'Site A', numberHorizontal: 1, numberVertical: 1 });
    const b = await ctx.createSite({ name: 'Site B', numberHorizontal: 1, numberVertical: 1 });
    await ctx.publish(a.id);
    await ctx.publish(b.id);
    expect(await ctx.originOf(a.id)).toMatch(/^http:\/\/[a-z0-9-]+\.localhost:3001$/);
    expect(await (await ctx.visit('/', { site: a.id })).text()).toContain('Site A');
    expect(await (await ctx.visit('/', { site: b.id })).text()).toContain('Site B');
    // A handle nobody has, and the shared host itself, serve no site at the root.
    expect((await ctx.visit('/', { headers: { host: 'nobody.localhost:3001' } })).status).toBe(404);
    expect((await ctx.visit('/')).status).toBe(404);
  });

  it('answers the spec address /sites/{id}/{lang}/{position} on the shared host with 301 to the same page on the site origin, query kept', async () => {
    const site = await ctx.createSite({ name: 'Moved', numberHorizontal: 2, numberVertical: 2 });
    await ctx.publish(site.id);
    const origin = await ctx.originOf(site.id);
    for (const [path, target] of [
      [`/sites/${site.id}/en/B2?utm_source=x`, `${origin}/en/B2?utm_source=x`],
      [`/sites/${site.id}/`, `${origin}/`],
      [`/sites/${site.id}`, `${origin}/`],
    ] as const) {
      const response = await ctx.visit(path);
      expect(response.status, path).toBe(301);
      expect(response.headers.get('location'), path).toBe(target);
    }
    // The site's own origin serves what the redirect names.
    expect((await ctx.visit('/en/B2', { site: site.id })).status).toBe(200);
    // A never-published site has nowhere to go.
    const draft = await ctx.createSite({ name: 'Draft', numberHorizontal: 1, numberVertical: 1 });
    expect((await ctx.visit(`/sites/${draft.id}/`)).status).toBe(404);
  });

  it('moves with a handle change at the next publish: the new name serves the site, the old one nothing', async () => {
    const site = await ctx.createSite({ name: 'Renamed', numberHorizontal: 1, numberVertical: 1 });
    await ctx.publish(site.id);
    const before = new URL(await ctx.originOf(site.id)).host;
    const saved = await ctx.request(`/api/site/${site.id}`, { method: 'PUT', json: { handle: 'Spring-Shop' } });
    expect(saved.status).toBe(200);
    expect(((await saved.json()) as { settings: { handle: string } }).settings.handle).toBe('spring-shop');
    // Until the publish, visitors still find it where its pages say it is.
    expect((await ctx.visit('/', { headers: { host: before } })).status).toBe(200);
    await ctx.publish(site.id);
    expect((await ctx.visit('/', { headers: { host: 'spring-shop.localhost:3001' } })).status).toBe(200);
    expect((await ctx.visit('/', { headers: { host: before } })).status).toBe(404);
    const redirect = await ctx.visit(`/sites/${site.id}/`);
    expect(redirect.headers.get('location')).toBe('http://spring-shop.localhost:3001/');
  });

  it('refuses a handle another site has, an invalid one and a reserved one, with a message naming the field', async () => {
    const first = await ctx.createSite({ name: 'First', numberHorizontal: 1, numberVertical: 1 });
    const second = await ctx.createSite({ name: 'Second', numberHorizontal: 1, numberVertical: 1 });
    expect((await ctx.request(`/api/site/${first.id}`, { method: 'PUT', json: { handle: 'taken-name' } })).status).toBe(200);
    const taken = await ctx.request(`/api/site/${second.id}`, { method: 'PUT', json: { handle: 'taken-name' } });
    expect(taken.status).toBe(400);
    expect(await taken.json()).toMatchObject({ key: 'handleTaken', issues: [{ path: ['handle'], key: 'handleTaken' }] });
    for (const handle of ['-dash', 'dash-', 'under_score', 'a'.repeat(64), 'www', 'admin', 'api', 'preview', 'sites', 'dots.in.it', '']) {
      const refused = await ctx.request(`/api/site/${second.id}`, { method: 'PUT', json: { handle } });
      expect(refused.status, handle).toBe(400);
      expect(await refused.json(), handle).toMatchObject({ issues: [{ path: ['handle'], key: 'invalidHandle' }] });
    }
  });

  it('answers two owners saving one handle at the same time with one success and one refusal', async () => {
    const one = await ctx.createSite({ name: 'One', numberHorizontal: 1, numberVertical: 1 });
    const two = await ctx.createSite({ name: 'Two', numberHorizontal: 1, numberVertical: 1 });
    const statuses = await Promise.all([one, two].map(async (site) => (await ctx.request(`/api/site/${site.id}`, { method: 'PUT', json: { handle: 'race-name' } })).status));
    expect(statuses.sort()).toEqual([200, 400]);
  });
});

describe('the visitor API on the site origin', () => {
  it("refuses a call for one site arriving on another site's origin or on the shared host, as if the site did not exist", async () => {
    const x = await ctx.createSite({ name: 'X', numberHorizontal: 1, numberVertical: 1 });
    const y = await ctx.createSite({ name: 'Y', numberHorizontal: 1, numberVertical: 1 });
    await ctx.publish(x.id);
    await ctx.publish(y.id);
    const path = `/api/end-user/site/${x.id}/contact-setting`;
    expect((await ctx.visit(path, { site: x.id })).status).toBe(200);
    for (const host of [new URL(await ctx.originOf(y.id)).host, new URL(SITE_ORIGIN).host, 'preview.localhost:3001']) {
      const refused = await ctx.visit(path, { headers: { host } });
      expect(refused.status, host).toBe(404);
      expect(await refused.json(), host).toMatchObject({ key: 'siteNotFound' });
    }
    // Events for X sent from Y's origin are not taken either.
    const events = await ctx.visit('/api/end-user/events', { site: y.id, method: 'POST', json: { events: [{ type: 'slide_page', siteId: x.id }] } });
    expect(events.status).toBe(400);
  });
});
