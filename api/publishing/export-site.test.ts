import { unzipSync } from 'fflate';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { exportTree } from '../../publisher/export-tree.ts';
import { createTestContext, pngBytes, type TestContext } from '../test-support.ts';
import { exportSlots } from './export-site.ts';

let ctx: TestContext;
beforeEach(async () => {
  ctx = await createTestContext();
});
afterEach(async () => {
  await ctx.cleanup();
});

async function publishedSite(): Promise<string> {
  const view = await ctx.createSite({ numberHorizontal: 2, numberVertical: 1, languages: ['jp'] });
  const { url } = await ctx.uploadMedia(view.id, await pngBytes(60, 90, '#336699'), 'cover.png');
  for (const creative of view.creatives) await ctx.writePage(view.id, creative.pages[0]!.id, 'jp', { detail: { imageUrl: url, mainText: creative.letters } });
  await ctx.publish(view.id);
  return view.id;
}

describe('GET /api/site/{id}/export.zip', () => {
  it('downloads the live version as a ZIP of its tree', async () => {
    const siteId = await publishedSite();
    const response = await ctx.request(`/api/site/${siteId}/export.zip`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="site-${siteId}-v1.zip"`);
    const entries = unzipSync(new Uint8Array(await response.arrayBuffer()));
    const tree = (await exportTree(ctx.storage, siteId))!;
    expect(Object.keys(entries).sort()).toEqual(tree.entries.map((entry) => entry.path).sort());
    // The site's own origin, as a tree: its pages at the root.
    expect(Object.keys(entries)).toContain('B1/index.html');
    expect(Object.keys(entries).filter((path) => path.startsWith('sites/'))).toEqual([]);
  });

  it('answers 404 with its message for a site never published', async () => {
    const view = await ctx.createSite();
    const response = await ctx.request(`/api/site/${view.id}/export.zip`, { headers: { 'accept-language': 'ja' } });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: 'not_found', key: 'siteNotPublished', message: 'このサイトはまだ公開されていません。' });
  });

  it('runs one export of a site at a time: a second request while the first downloads is refused, and allowed once it ends', async () => {
    const siteId = await publishedSite();
    const requests = await Promise.all([ctx.request(`/api/site/${siteId}/export.zip`), ctx.request(`/api/site/${siteId}/export.zip`)]);
    expect(requests.map((response) => response.status).sort()).toEqual([200, 429]);
    const refused = requests.find((response) => response.status === 429)!;
    expect(await refused.json()).toMatchObject({ code: 'too_many_requests', key: 'exportRunning' });
    await requests.find((response) => response.status === 200)!.arrayBuffer();
    const again = await ctx.request(`/api/site/${siteId}/export.zip`);
    expect(again.status).toBe(200);
    await again.body?.cancel();
    // A download abandoned half-way gives its slot back too.
    expect((await ctx.request(`/api/site/${siteId}/export.zip`)).status).toBe(200);
  });
});

describe('export slots', () => {
  it('holds at most the given number across sites, and gives a slot back once only', () => {
    const slots = exportSlots(2);
    const one = slots.take('s1');
    slots.take('s2');
    expect(() => slots.take('s3')).toThrow(expect.objectContaining({ key: 'tooManyRequests', status: 429 }));
    one();
    one();
    const three = slots.take('s3');
    expect(() => slots.take('s1')).toThrow(expect.objectContaining({ key: 'tooManyRequests' }));
    three();
    expect(() => slots.take('s2')).toThrow(expect.objectContaining({ key: 'exportRunning' }));
  });
});
