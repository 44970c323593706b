import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, pngBytes, type TestContext } from '../api/test-support.ts';

let ctx: TestContext;
beforeEach(async () => {
  ctx = await createTestContext();
});
afterEach(async () => {
  await ctx.cleanup();
});

/** The images an ICO file holds: each entry's stated size and its PNG's own. */
async function icoImages(ico: Uint8Array): Promise<{ stated: number; width: number; height: number }[]> {
  const file = Buffer.from(ico);
  expect([file.readUInt16LE(0), file.readUInt16LE(2)]).toEqual([0, 1]);
  const images = [];
  for (let index = 0; index < file.readUInt16LE(4); index++) {
    const at = 6 + 16 * index;
    const png = file.subarray(file.readUInt32LE(at + 12), file.readUInt32LE(at + 12) + file.readUInt32LE(at + 8));
    const { width = 0, height = 0, format } = await sharp(png).metadata();
    expect(format).toBe('png');
    images.push({ stated: file.readUInt8(at), width, height });
  }
  return images;
}

const iconLink = (html: string) => /<link rel="icon" href="([^"]+)">/.exec(html)?.[1];

describe('the favicon of a published site', () => {
  it('is the default icon at /favicon.ico when the owner set none, linked from every page', async () => {
    const site = await ctx.createSite({ numberHorizontal: 1, numberVertical: 1, languages: ['jp', 'en'] });
    await ctx.publish(site.id);
    const icon = await ctx.visit('/favicon.ico', { site: site.id });
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toBe('image/x-icon');
    expect(await icoImages(new Uint8Array(await icon.arrayBuffer()))).toEqual([16, 32, 48].map((size) => ({ stated: size, width: size, height: size })));
    for (const path of ['/', '/en/', '/contact']) expect(iconLink(await (await ctx.visit(path, { site: site.id })).text())).toBe('/favicon.ico');
  });

  it("links the owner's own icon instead, and publishes no default beside it", async () => {
    const site = await ctx.createSite({ numberHorizontal: 1, numberVertical: 1, languages: ['jp'] });
    const own = await ctx.uploadMedia(site.id, await pngBytes(32, 32, '#cc0000'), 'icon.png');
    const put = await ctx.request(`/api/site/${site.id}`, { method: 'PUT', json: { faviconSetting: own.url } });
    expect(put.status, await put.clone().text()).toBe(200);
    await ctx.publish(site.id);
    expect(iconLink(await (await ctx.visit('/', { site: site.id })).text())).toMatch(/^\/media\/[0-9a-f]{64}\/32\.(png|jpg)$/);
    expect((await ctx.visit('/favicon.ico', { site: site.id })).status).toBe(404);
  });
});
