import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resolvedPageSchema } from '../../model/snapshot.ts';
import { plans } from '../db/schema-identity.ts';
import { addAccount, audioBytes, createTestContext, fileForm, mp4Bytes, pngBytes, type TestContext } from '../test-support.ts';

let ctx: TestContext;

beforeEach(async () => {
  ctx = await createTestContext();
});

afterEach(async () => {
  await ctx.cleanup();
});

const upload = (siteId: string, bytes: Uint8Array, name: string) => ctx.request(`/api/site/${siteId}/audio`, { method: 'POST', body: fileForm(bytes, name) });

describe('background music uploads', () => {
  it.each([
    ['mp3', 'audio/mpeg'],
    ['m4a', 'audio/mp4'],
    ['wav', 'audio/wav'],
  ] as const)('takes %s as audio, read from its bytes whatever its name', async (format, mime) => {
    const site = await ctx.createSite({ name: 'Music' });
    const answer = await upload(site.id, await audioBytes(format), 'named-wrongly.png');
    expect(answer.status).toBe(201);
    const stored = (await answer.json()) as { kind: string; mime: string; url: string };
    expect(stored).toMatchObject({ kind: 'audio', mime });
    const file = await ctx.request(stored.url);
    expect(file.headers.get('content-type')).toBe(mime);
  });

  it('refuses an image, a video, a text file named .mp3 and an MP3 header over nothing, with the audio formats named', async () => {
    const site = await ctx.createSite({ name: 'Not music' });
    const fakeMp3 = new Uint8Array(4096);
    fakeMp3.set([0x49, 0x44, 0x33, 0x04, 0, 0, 0, 0, 0, 0]);
    const refused = [
      await upload(site.id, await pngBytes(8, 8, '#123456'), 'cover.png'),
      await upload(site.id, await mp4Bytes(), 'clip.m4a'),
      await upload(site.id, new TextEncoder().encode('la la la, this is a song'.repeat(10)), 'song.mp3'),
      await upload(site.id, fakeMp3, 'empty.mp3'),
    ];
    for (const answer of refused) {
      expect(answer.status).toBe(400);
      expect(await answer.json()).toMatchObject({ code: 'unsupported_media', key: 'unsupportedAudio', message: 'Unsupported file format. Please upload MP3, M4A (AAC) or WAV files.' });
    }
    // Nor does the image and video upload take music.
    const asMedia = await ctx.request(`/api/site/${site.id}/media`, { method: 'POST', body: fileForm(await audioBytes('mp3'), 'song.mp3') });
    expect(await asMedia.json()).toMatchObject({ key: 'unsupportedFormat' });
  });

  it('counts music against the storage quota under parallel uploads: six at once where three fit, three stored', async () => {
    await ctx.db.update(plans).set({ storageQuotaMb: 1 }).where(eq(plans.id, 'standard')).run();
    const user = await addAccount(ctx.db, { type: 'USER', planId: 'standard' });
    const cookie = await ctx.loginAs(user.email, user.password);
    const created = await ctx.request('/api/site', { method: 'POST', json: { name: 'Quota', numberHorizontal: 1, numberVertical: 1 }, headers: { cookie } });
    const siteId = ((await created.json()) as { id: string }).id;
    // 3.5 s of 16-bit mono at 44.1 kHz: about 309 kB each, so three fit in 1 MB and four do not.
    const tones = await Promise.all([300, 400, 500, 600, 700, 800].map((hertz) => audioBytes('wav', hertz, 3.5)));
    const answers = await Promise.all(tones.map((bytes, index) => ctx.request(`/api/site/${siteId}/audio`, { method: 'POST', body: fileForm(bytes, `tone-${index}.wav`), headers: { cookie } })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 201, 201, 413, 413, 413]);
    for (const answer of answers.filter((one) => one.status === 413)) expect(await answer.json()).toMatchObject({ key: 'storageQuotaExceeded' });
  });
});

describe('a page with background music', () => {
  it('refuses, beside the field, music that is an uploaded picture rather than audio', async () => {
    const site = await ctx.createSite({ name: 'Wrong music' });
    const pageId = site.creatives[0]!.pages[0]!.id;
    const picture = await ctx.uploadMedia(site.id, await pngBytes(8, 8, '#abcdef'));
    const answer = await ctx.request(`/api/site/${site.id}/page/${pageId}?lang=jp`, { method: 'PUT', json: { backgroundMusic: picture.url } });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({ key: 'notAudio', issues: [{ path: ['backgroundMusic'], key: 'notAudio' }] });
  });

  it('is published content-addressed under media/ and the page plays it from there', async () => {
    const site = await ctx.createSite({ name: 'Published music' });
    const pageId = site.creatives[0]!.pages[0]!.id;
    const image = await ctx.uploadMedia(site.id, await pngBytes(375, 739, '#336699'));
    const music = await ctx.uploadAudio(site.id, await audioBytes('mp3'), 'theme.mp3');
    await ctx.writePage(site.id, pageId, 'jp', { detail: { imageUrl: image.url }, backgroundMusic: music.url });
    await ctx.publish(site.id);
    const data = resolvedPageSchema.parse(await (await ctx.visit(`/_data/jp/${pageId}.json`, { site: site.id })).json());
    const src = data.content?.backgroundMusic ?? '';
    expect(src).toMatch(new RegExp(`/media/${music.sha256}/audio\\.mp3$`));
    expect(data.media[src]).toEqual({ kind: 'audio', audio: { src, type: 'audio/mpeg' } });
    const served = await ctx.visit(new URL(src, 'http://x').pathname, { site: site.id });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('audio/mpeg');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(await audioBytes('mp3'));
  });
});

describe('a page with a custom path', () => {
  it('refuses, beside the field, a path another page of the site uses, naming that page', async () => {
    const site = await ctx.createSite({ name: 'Paths', numberHorizontal: 1, numberVertical: 2 });
    const [first, second] = site.creatives[0]!.pages;
    await ctx.writePage(site.id, first!.id, 'jp', { customPath: 'spring' });
    const answer = await ctx.request(`/api/site/${site.id}/page/${second!.id}?lang=jp`, { method: 'PUT', json: { customPath: 'spring' } });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({ key: 'customPathTaken', values: { position: 'A1' }, issues: [{ path: ['customPath'], key: 'customPathTaken' }] });
    // The page keeps its own path when saved again.
    await ctx.writePage(site.id, first!.id, 'jp', { customPath: 'spring' });
  });

  it('goes to one page only when two pages take it at once', async () => {
    const site = await ctx.createSite({ name: 'Race', numberHorizontal: 1, numberVertical: 4 });
    const answers = await Promise.all(site.creatives[0]!.pages.map((page) => ctx.request(`/api/site/${site.id}/page/${page.id}?lang=jp`, { method: 'PUT', json: { customPath: 'same' } })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400, 400, 400]);
  });
});
