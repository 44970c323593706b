import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ORIGIN, createTestContext, type TestContext } from './test-support.ts';

/** Published pages can be framed by their own site and the admin only; their data files are not pages. */
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
      [`/sites/${site.id}/`, 200],
      [`/sites/${site.id}/Z99`, 404],
    ] as const) {
      const page = await ctx.visit(path);
      expect(page.status, path).toBe(status);
      expect(page.headers.get('content-type'), path).toContain('text/html');
      expect(page.headers.get('content-security-policy'), path).toBe(`frame-ancestors 'self' ${ADMIN_ORIGIN}`);
      expect(page.headers.get('x-content-type-options'), path).toBe('nosniff');
    }
    const sitemap = await ctx.visit(`/sites/${site.id}/sitemap.xml`);
    expect(sitemap.status).toBe(200);
    expect(sitemap.headers.get('content-security-policy')).toBeNull();
  });
});
