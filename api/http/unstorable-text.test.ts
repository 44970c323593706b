import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test-support.ts';

/**
 * A NUL or a lone surrogate in any string of a JSON body is refused before any schema, naming
 * where it is: SQLite and C strings end at a NUL, and a lone surrogate is no Unicode at all.
 */
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.cleanup());

describe('strings that cannot be stored', () => {
  it('refuses a NUL in a site name and a lone surrogate in a nested field, naming the field, and stores nothing', async () => {
    const site = await ctx.createSite({ name: 'Clean' });
    const nul = await ctx.request(`/api/site/${site.id}`, { method: 'PUT', json: { name: 'Sh\u0000op' } });
    expect(nul.status).toBe(400);
    // Both apps mark every answer nosniff (api/http/middleware/no-sniff).
    expect(nul.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await nul.json()).toMatchObject({ code: 'validation', key: 'invalidCharacters', issues: [{ path: ['name'], key: 'invalidCharacters' }] });
    // JSON.stringify writes a lone surrogate as \\udcXX, which the server parses back to one.
    const lone = await ctx.request(`/api/site/${site.id}`, { method: 'PUT', json: { seo: { titleTag: 'A \udc00 B' } } });
    expect(lone.status).toBe(400);
    expect(await lone.json()).toMatchObject({ key: 'invalidCharacters', issues: [{ path: ['seo', 'titleTag'] }] });
    const stored = (await (await ctx.request(`/api/site/${site.id}`)).json()) as { settings: { name: string } };
    expect(stored.settings.name).toBe('Clean');
  });

  it('refuses a NUL in the parent id the permission check looks up before the route reads the body', async () => {
    const response = await ctx.request('/api/master/user', {
      method: 'POST',
      json: { companyName: 'Child', email: 'child@example.com', accountType: 'MASTER_USER', parentId: 'a\u0000b' },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'validation', key: 'invalidCharacters', issues: [{ path: ['parentId'] }] });
  });

  it('keeps well-formed text of every script, emoji (surrogate pairs) included', async () => {
    const site = await ctx.createSite({ name: 'Clean' });
    const response = await ctx.request(`/api/site/${site.id}`, { method: 'PUT', json: { name: '春の靴 👟 봄 신발' } });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { settings: { name: string } }).settings.name).toBe('春の靴 👟 봄 신발');
  });

  it('refuses a NUL in a visitor form on the site origin too', async () => {
    const response = await ctx.visit('/api/contact', { method: 'POST', json: { siteId: 'nope', data: { name: 'a\u0000b' } } });
    expect(response.status).toBe(400);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await response.json()).toMatchObject({ key: 'invalidCharacters', issues: [{ path: ['data', 'name'] }] });
  });
});
