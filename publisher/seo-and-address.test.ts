import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, pngBytes, type TestContext } from '../api/test-support.ts';
import { messageText } from '../model/messages/text.ts';
import { SEO_MESSAGES, type SeoProblem } from '../model/seo-rules.ts';
import { handleKey, readDomainSite, readHandleSite } from './domains.ts';
import { readLiveManifest, readLivePointer } from './live.ts';

const english = (key: SeoProblem) => messageText(key, 'en');

let ctx: TestContext;
beforeEach(async () => {
  ctx = await createTestContext();
});
afterEach(async () => {
  await ctx.cleanup();
});

const HEAD_TAG = '<meta name="owner-verification" content="abc123">';
const BODY_TAG = '<script src="https://cdn.example.com/tracker.js" defer></script>';

/** A 2 × 2 site in Japanese and English: A1, A2 and B1 with an image, B2 members-only. */
async function seoSite(settings: Record<string, unknown> = {}) {
  const view = await ctx.createSite({ name: 'Catalogue', numberHorizontal: 2, numberVertical: 2, languages: ['jp', 'en'] });
  const upload = await ctx.uploadMedia(view.id, await pngBytes(60, 90, '#336699'), 'cover.png');
  const pages = Object.fromEntries(view.creatives.flatMap((creative) => creative.pages.map((page) => [page.position, page.id])));
  for (const position of ['A1', 'A2', 'B1']) await ctx.writePage(view.id, pages[position]!, 'jp', { detail: { imageUrl: upload.url, mainText: `${position} 本文` } });
  await ctx.writePage(view.id, pages.B2!, 'jp', { membersOnlyLock: true, detail: { imageUrl: upload.url, mainText: 'members' } });
  const put = await ctx.request(`/api/site/${view.id}`, {
    method: 'PUT',
    json: { seo: { title: 'カタログ 2026', h1: '春のカタログ', description: 'スワイプで見る春のカタログ', head: HEAD_TAG, body: BODY_TAG }, ...settings },
  });
  expect(put.status, await put.clone().text()).toBe(200);
  await ctx.request(`/api/site/${view.id}?lang=en`, { method: 'PUT', json: { seo: { title: 'Catalogue 2026', description: 'The spring catalogue' } } });
  return { id: view.id, pages };
}

const attr = (html: string, pattern: RegExp) => pattern.exec(html)?.[1];

describe('the page head of a published page', () => {
  it('carries title, description, H1, canonical, hreflang, Open Graph, Twitter card and the owner tags', async () => {
    const site = await seoSite();
    await ctx.publish(site.id);
    const html = await (await ctx.visit(`/en/B1`, { site: site.id })).text();
    const head = html.slice(0, html.indexOf('</head>'));
    expect(html).toMatch(/<html lang="en"/);
    expect(head).toContain('<title>Catalogue 2026</title>');
    expect(head).toContain('<meta name="description" content="The spring catalogue">');
    // The site's own origin, {handle}.localhost with the shared host's port, and no /sites/{id} segment.
    const origin = await ctx.originOf(site.id);
    expect(origin).toMatch(/^http:\/\/[a-z0-9-]+\.localhost:3001$/);
    expect(attr(head, /<link rel="canonical" href="([^"]+)"/)).toBe(`${origin}/en/B1`);
    expect(attr(head, /hreflang="ja" href="([^"]+)"/)).toBe(`${origin}/B1`);
    expect(attr(head, /hreflang="en" href="([^"]+)"/)).toBe(`${origin}/en/B1`);
    expect(attr(head, /hreflang="x-default" href="([^"]+)"/)).toBe(`${origin}/B1`);
    expect(attr(head, /property="og:url" content="([^"]+)"/)).toBe(`${origin}/en/B1`);
    expect(attr(head, /property="og:title" content="([^"]+)"/)).toBe('Catalogue 2026');
    expect(attr(head, /property="og:locale" content="([^"]+)"/)).toBe('en_US');
    const ogImage = attr(head, /property="og:image" content="([^"]+)"/)!;
    expect(ogImage).toMatch(new RegExp(`^${origin}/media/[0-9a-f]{64}/60\\.(jpg|png)$`));
    expect((await ctx.visit(new URL(ogImage).pathname, { site: site.id })).status).toBe(200);
    expect(attr(head, /name="twitter:card" content="([^"]+)"/)).toBe('summary_large_image');
    expect(attr(head, /name="twitter:image" content="([^"]+)"/)).toBe(ogImage);
    expect(head).toContain(HEAD_TAG);
    const body = html.slice(html.indexOf('<body'));
    expect(body).toContain('春のカタログ');
    expect(body.trimEnd()).toMatch(new RegExp(`${BODY_TAG.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}\\s*</body>`));
  });

  it('uses the default language texts where a language has none of its own', async () => {
    const site = await seoSite();
    await ctx.request(`/api/site/${site.id}?lang=en`, { method: 'PUT', json: { seo: { description: ' ' } } });
    await ctx.publish(site.id);
    const html = await (await ctx.visit(`/en/`, { site: site.id })).text();
    expect(html).toContain('<meta name="description" content="スワイプで見る春のカタログ">');
  });
});

describe('SEO settings are checked by the API', () => {
  it('answers 400 naming the field for characters, whitespace and body tags the rules refuse', async () => {
    const { id } = await ctx.createSite();
    const cases: [Record<string, string>, string][] = [
      [{ title: 'Big_sale' }, `seo.title: ${english(SEO_MESSAGES.characters)}`],
      [{ h1: 'Sale 🎉' }, `seo.h1: ${english(SEO_MESSAGES.characters)}`],
      [{ description: ' leading' }, `seo.description: ${english(SEO_MESSAGES.whitespace)}`],
      [{ body: '<script>alert(1)</script>' }, `seo.body: ${english(SEO_MESSAGES.bodyTags)}`],
      [{ body: '<script src="/a.js" defer></script><script src="/setInterval.js" defer></script>' }, `seo.body: ${english(SEO_MESSAGES.forbiddenCall)}`],
      [{ title: 'a'.repeat(61) }, 'seo.title: Must be at most 60 characters.'],
    ];
    for (const [seo, message] of cases) {
      const response = await ctx.request(`/api/site/${id}`, { method: 'PUT', json: { seo } });
      expect(response.status, JSON.stringify(seo)).toBe(400);
      expect(((await response.json()) as { message: string }).message).toBe(message);
    }
  });
});

describe('sitemap.xml and robots.txt', () => {
  it('list every readable page in every language with its alternates, and leave members-only pages out', async () => {
    const site = await seoSite();
    await ctx.publish(site.id);
    const response = await ctx.visit(`/sitemap.xml`, { site: site.id });
    expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const xml = await response.text();
    const origin = await ctx.originOf(site.id);
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.slice(origin.length));
    const base = '/';
    expect(locs).toEqual([base, `${base}A2`, `${base}B1`, `${base}en/`, `${base}en/A2`, `${base}en/B1`]);
    expect(xml).toContain(`<xhtml:link rel="alternate" hreflang="en" href="${origin}${base}en/A2"/>`);
    const robots = await (await ctx.visit(`/robots.txt`, { site: site.id })).text();
    expect(robots).toBe(`User-agent: *\nAllow: /\nSitemap: ${origin}${base}sitemap.xml\n`);
  });
});

describe('custom domains and path prefixes', () => {
  const visitUrl = (url: string) => ctx.site.request(url);

  it('serves a site on its custom domain without the site segment, and sends its shared address and its handle there', async () => {
    const site = await seoSite({ customDomain: 'Shop.Example.test' });
    await ctx.connectDomain(site.id);
    await ctx.publish(site.id);
    const top = await visitUrl('http://shop.example.test/');
    expect(top.status).toBe(200);
    const html = await top.text();
    expect(attr(html, /<link rel="canonical" href="([^"]+)"/)).toBe('http://shop.example.test:3001/');
    expect(html).not.toContain(`/sites/${site.id}`);
    expect((await visitUrl('http://shop.example.test/en/B1')).status).toBe(200);
    expect((await visitUrl('http://shop.example.test/Z9')).status).toBe(404);
    expect(await (await visitUrl('http://shop.example.test/robots.txt')).text()).toContain('Sitemap: http://shop.example.test:3001/sitemap.xml');
    // Assets are root-relative, so the domain serves them too.
    const asset = /src="(\/_astro\/[^"]+\.js)"/.exec(html)?.[1] ?? /component-url="(\/_astro\/[^"]+)"/.exec(html)?.[1];
    expect(asset).toBeDefined();
    expect((await visitUrl(`http://shop.example.test${asset}`)).status).toBe(200);

    const shared = await ctx.visit(`/sites/${site.id}/en/B1?utm=x`);
    expect(shared.status).toBe(301);
    expect(shared.headers.get('location')).toBe('http://shop.example.test:3001/en/B1?utm=x');
    const handle = await ctx.visit('/en/B1?utm=x', { site: site.id });
    expect(handle.status).toBe(301);
    expect(handle.headers.get('location')).toBe('http://shop.example.test:3001/en/B1?utm=x');
    expect((await visitUrl('http://other.example.test/')).status).toBe(404);
  });

  it('moves with the published version: a new domain takes over, the replaced one stops at once, and a rollback to a version made for it is refused', async () => {
    const site = await seoSite({ customDomain: 'one.example.test' });
    await ctx.connectDomain(site.id);
    await ctx.publish(site.id);
    expect((await ctx.request(`/api/site/${site.id}`, { method: 'PUT', json: { customDomain: 'two.example.test' } })).status).toBe(200);
    // Replaced: the old name leads nowhere before any republish has run.
    expect(await readDomainSite(ctx.storage, 'one.example.test')).toBeNull();
    expect((await visitUrl('http://one.example.test/')).status).toBe(404);
    await ctx.connectDomain(site.id);
    await ctx.publish(site.id);
    await ctx.writePage(site.id, site.pages.A1!, 'jp', { detail: { mainText: 'A1 改訂' } });
    const latest = await ctx.publish(site.id);
    expect((await visitUrl('http://two.example.test/')).status).toBe(200);

    // A version made for the site's current address rolls back as before.
    const twoVersion = (latest.version ?? 0) - 1;
    expect((await ctx.request(`/api/site/${site.id}/versions/${twoVersion}/rollback`, { method: 'POST' })).status).toBe(200);
    expect((await visitUrl('http://two.example.test/')).status).toBe(200);

    const refused = await ctx.request(`/api/site/${site.id}/versions/1/rollback`, { method: 'POST' });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ key: 'versionAddressChanged' });
    expect((await readLivePointer(ctx.storage, site.id))?.version).toBe(twoVersion);
    expect(await readDomainSite(ctx.storage, 'one.example.test')).toBeNull();
    expect((await visitUrl('http://one.example.test/')).status).toBe(404);
    expect((await visitUrl('http://two.example.test/')).status).toBe(200);
  });

  it("never serves a site's version on a domain or handle another site has claimed since", async () => {
    const first = await seoSite({ customDomain: 'moved.example.test', handle: 'firstname' });
    await ctx.connectDomain(first.id);
    await ctx.publish(first.id);
    expect((await ctx.request(`/api/site/${first.id}`, { method: 'PUT', json: { customDomain: '', handle: 'renamed' } })).status).toBe(200);
    await ctx.publish(first.id);

    const second = await seoSite({ customDomain: 'moved.example.test', handle: 'firstname' });
    await ctx.connectDomain(second.id);
    await ctx.publish(second.id);
    expect(await readDomainSite(ctx.storage, 'moved.example.test')).toBe(second.id);
    expect(await readHandleSite(ctx.storage, 'firstname')).toBe(second.id);

    const refused = await ctx.request(`/api/site/${first.id}/versions/1/rollback`, { method: 'POST' });
    expect(await readDomainSite(ctx.storage, 'moved.example.test')).toBe(second.id);
    expect(await readHandleSite(ctx.storage, 'firstname')).toBe(second.id);
    expect(refused.status).toBe(400);
    const secondLive = (await readLiveManifest(ctx.storage, second.id))!;
    const served = await visitUrl('http://moved.example.test/');
    expect(served.headers.get('etag')).toBe(`"${secondLive.files['index.html']!.hash}"`);
    expect((await visitUrl(`http://renamed.localhost/`)).status).toBe(200);
  });

  it('a republish with nothing changed puts back a pointer that was lost', async () => {
    const site = await seoSite();
    await ctx.publish(site.id);
    const handle = new URL(await ctx.originOf(site.id)).hostname.split('.')[0]!;
    await ctx.storage.delete(handleKey(handle));
    expect((await ctx.visit('/', { site: site.id })).status).toBe(404);
    const again = await ctx.publish(site.id);
    expect(again.changed).toBe(false);
    expect((await ctx.visit('/', { site: site.id })).status).toBe(200);
  });

  it('goes back to its handle origin when the domain is removed, and frees the domain', async () => {
    const site = await seoSite({ customDomain: 'gone.example.test' });
    const ask = async (domain: string) => (await ctx.visit(`/api/tls/ask?domain=${encodeURIComponent(domain)}`)).status;
    // Caddy's on-demand TLS asks first: no certificate for a domain not yet verified.
    expect(await ask('gone.example.test')).toBe(404);
    await ctx.connectDomain(site.id);
    await ctx.publish(site.id);
    expect(await ask('gone.example.test')).toBe(200);
    expect(await ask('GONE.example.test')).toBe(200);
    for (const other of ['other.example.test', new URL(await ctx.originOf(site.id)).hostname, 'localhost', '../x', '']) expect(await ask(other), other).toBe(404);
    expect((await ctx.request(`/api/site/${site.id}`, { method: 'PUT', json: { customDomain: '' } })).status).toBe(200);
    await ctx.publish(site.id);
    expect((await visitUrl('http://gone.example.test/')).status).toBe(404);
    expect(await ask('gone.example.test')).toBe(404);
    expect((await ctx.visit(`/`, { site: site.id })).status).toBe(200);
    const other = await ctx.createSite({ name: 'Other' });
    expect((await ctx.request(`/api/site/${other.id}`, { method: 'PUT', json: { customDomain: 'gone.example.test' } })).status).toBe(200);
  });

  it('refuses a domain another site already uses', async () => {
    await seoSite({ customDomain: 'taken.example.test' });
    const other = await ctx.createSite({ name: 'Other' });
    const response = await ctx.request(`/api/site/${other.id}`, { method: 'PUT', json: { customDomain: 'TAKEN.example.test' } });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toBe('The domain taken.example.test is already used by another site.');
  });

  it('serves a site with a path prefix only under that prefix, on its handle origin and on its domain; the shared address with or without the prefix redirects there', async () => {
    const site = await seoSite({ customPathPrefix: 'shop' });
    await ctx.publish(site.id);
    const origin = await ctx.originOf(site.id);
    expect((await ctx.visit('/shop/en/B1', { site: site.id })).status).toBe(200);
    const html = await (await ctx.visit('/shop/', { site: site.id })).text();
    expect(attr(html, /<link rel="canonical" href="([^"]+)"/)).toBe(`${origin}/shop/`);
    expect((await ctx.visit('/', { site: site.id })).status).toBe(404);
    for (const path of [`/shop/sites/${site.id}/en/B1`, `/sites/${site.id}/en/B1`]) {
      expect((await ctx.visit(path)).headers.get('location'), path).toBe(`${origin}/shop/en/B1`);
    }
    expect((await ctx.visit(`/other/sites/${site.id}/`)).status).toBe(404);

    await ctx.request(`/api/site/${site.id}`, { method: 'PUT', json: { customDomain: 'prefixed.example.test' } });
    await ctx.connectDomain(site.id);
    await ctx.publish(site.id);
    expect((await visitUrl('http://prefixed.example.test/shop/en/B1')).status).toBe(200);
    expect((await visitUrl('http://prefixed.example.test/shop')).headers.get('location')).toBe('/shop/');
    expect((await visitUrl('http://prefixed.example.test/en/B1')).status).toBe(404);
  });
});
