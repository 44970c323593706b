import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_VIDEO_BYTES } from '../../model/constants.ts';
import { uploadKey } from '../../publisher/media.ts';
import { UNSUPPORTED_FORMAT_MESSAGE } from './sniff-media.ts';
import { createTestContext, fileForm, jpegBytes, mp4Bytes, pngBytes, type TestContext } from '../test-support.ts';

let ctx: TestContext;
let siteId: string;

beforeEach(async () => {
  ctx = await createTestContext();
  siteId = (await ctx.createSite({ numberHorizontal: 1, numberVertical: 1 })).id;
});

afterEach(async () => {
  await ctx.cleanup();
});

function upload(form: FormData, site = siteId) {
  return ctx.request(`/api/site/${site}/media`, { method: 'POST', body: form });
}

/** The start of an MP4 (an ISO BMFF `ftyp` box, brand isom), then zeros to `size` bytes: sniffed as a video, not playable. */
function zeroMp4(size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  const header = [0, 0, 0, 0x18, ...Buffer.from('ftypisom'), 0, 0, 2, 0, ...Buffer.from('isommp41')];
  bytes.set(header);
  return bytes;
}

async function expectRefusal(response: Response, status: number, message: string | RegExp): Promise<void> {
  const body = (await response.json()) as { message: unknown };
  expect({ status: response.status, message: body.message }).toEqual({ status, message: typeof message === 'string' ? message : expect.stringMatching(message) });
}

async function storedUploads(): Promise<string[]> {
  const keys: string[] = [];
  for await (const info of ctx.storage.list('uploads/')) keys.push(info.key);
  return keys;
}

describe('uploading media', () => {
  it('accepts a PNG and stores the original privately under its hash', async () => {
    const bytes = await pngBytes(30, 20, '#ff0000');
    const response = await upload(fileForm(bytes, 'red.png', 'image/png'));
    expect(response.status).toBe(201);
    const stored = (await response.json()) as { id: string; url: string; kind: string; mime: string; size: number; sha256: string };
    expect(stored).toMatchObject({ kind: 'image', mime: 'image/png', size: bytes.byteLength, url: `/api/site/${siteId}/media/${stored.id}` });
    expect(stored.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(await storedUploads()).toEqual([uploadKey(stored.sha256)]);
  });

  it('accepts a JPEG whatever its name says', async () => {
    const response = await upload(fileForm(await jpegBytes(30, 20, '#00ff00'), 'photo.jfif', 'application/octet-stream'));
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ kind: 'image', mime: 'image/jpeg' });
  });

  it('accepts a small MP4 video', async () => {
    const response = await upload(fileForm(await mp4Bytes(4096), 'clip.mp4', 'video/mp4'));
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ kind: 'video', mime: 'video/mp4', size: 4096 });
  });

  it('refuses a "video" of zeros behind a valid ftyp header with the unsupported-format message: ffprobe finds no video in it', async () => {
    await expectRefusal(await upload(fileForm(zeroMp4(29 * 1024 * 1024), 'zeros.mp4', 'video/mp4')), 400, UNSUPPORTED_FORMAT_MESSAGE);
    expect(await storedUploads()).toEqual([]);
  });

  it('refuses a text file named x.png with the unsupported-format message', async () => {
    await expectRefusal(await upload(fileForm(new TextEncoder().encode('just some text, honest'), 'x.png', 'image/png')), 400, UNSUPPORTED_FORMAT_MESSAGE);
    expect(UNSUPPORTED_FORMAT_MESSAGE).toBe('Unsupported file format. Please upload JPG, PNG, MP4 or MOV files.');
    expect(await storedUploads()).toEqual([]);
  });

  it('refuses a GIF', async () => {
    const gif = new Uint8Array(
      await sharp({ create: { width: 8, height: 8, channels: 3, background: '#0000ff' } })
        .gif()
        .toBuffer(),
    );
    expect(Buffer.from(gif.subarray(0, 6)).toString('latin1')).toBe('GIF89a');
    await expectRefusal(await upload(fileForm(gif, 'anim.gif', 'image/gif')), 400, UNSUPPORTED_FORMAT_MESSAGE);
  });

  it('refuses a PNG that is only a signature and cannot be decoded', async () => {
    const png = await pngBytes(10, 10, '#123456');
    await expectRefusal(await upload(fileForm(png.subarray(0, 40), 'broken.png', 'image/png')), 400, UNSUPPORTED_FORMAT_MESSAGE);
  });

  it('refuses a video over 30 MB, naming the file, and accepts one of exactly 30 MB', async () => {
    expect(MAX_VIDEO_BYTES).toBe(30 * 1024 * 1024);
    await expectRefusal(await upload(fileForm(await mp4Bytes(MAX_VIDEO_BYTES + 1), 'holiday.mp4', 'video/mp4')), 413, 'holiday.mp4 - File size exceeds the 30MB limit');
    expect(await storedUploads()).toEqual([]);
    const atLimit = await upload(fileForm(await mp4Bytes(MAX_VIDEO_BYTES), 'exact.mp4', 'video/mp4'));
    expect(atLimit.status).toBe(201);
  });

  it('refuses a request whose declared length is over the limit before reading it', async () => {
    const response = await ctx.request(`/api/site/${siteId}/media`, {
      method: 'POST',
      body: fileForm(await pngBytes(4, 4, '#ffffff'), 'small.png'),
      headers: { 'content-length': String(MAX_VIDEO_BYTES * 2) },
    });
    await expectRefusal(response, 413, /File size exceeds the 30MB limit/);
  });

  it('answers 400 when the field "file" is missing, is text, or the body is not multipart', async () => {
    const other = new FormData();
    other.append('picture', new File([(await pngBytes(4, 4, '#ffffff')) as Uint8Array<ArrayBuffer>], 'a.png'));
    await expectRefusal(await upload(other), 400, /"file"/);

    const text = new FormData();
    text.append('file', 'not a file');
    await expectRefusal(await upload(text), 400, /"file"/);

    await expectRefusal(await upload(new FormData()), 400, /"file"/);
    const notMultipart: [string, string][] = [
      ['application/json', '{"file":"x"}'],
      ['multipart/form-data; boundary=xyz', 'garbage without any boundary'],
      ['multipart/form-data', '--x\r\n'],
      ['text/plain', ''],
    ];
    for (const [contentType, body] of notMultipart) {
      await expectRefusal(await ctx.request(`/api/site/${siteId}/media`, { method: 'POST', body, headers: { 'content-type': contentType } }), 400, /"file"/);
    }
  });

  it('gives the same medium for the same image uploaded twice, under any name', async () => {
    const bytes = await pngBytes(16, 16, '#abcdef');
    const first = (await (await upload(fileForm(bytes, 'one.png'))).json()) as { id: string; url: string };
    const second = (await (await upload(fileForm(bytes, 'two.png'))).json()) as { id: string; url: string };
    expect(second).toEqual(first);
    const different = (await (await upload(fileForm(await pngBytes(16, 16, '#fedcba'), 'three.png'))).json()) as { id: string };
    expect(different.id).not.toBe(first.id);
    expect(await storedUploads()).toHaveLength(2);

    // Another site gets a medium of its own, over the same stored original.
    const otherSite = (await ctx.createSite({ name: 'Other', numberHorizontal: 1, numberVertical: 1 })).id;
    const elsewhere = (await (await upload(fileForm(bytes, 'one.png'), otherSite)).json()) as { id: string; url: string };
    expect(elsewhere.id).not.toBe(first.id);
    expect(elsewhere.url).toBe(`/api/site/${otherSite}/media/${elsewhere.id}`);
    expect(await storedUploads()).toHaveLength(2);
  });
});

describe('reading media back', () => {
  it('returns the original bytes with a session, and 401 without one', async () => {
    const bytes = await pngBytes(12, 8, '#334455');
    const { url } = (await (await upload(fileForm(bytes, 'mine.png'))).json()) as { url: string };

    const withSession = await ctx.request(url);
    expect(withSession.status).toBe(200);
    expect(withSession.headers.get('content-type')).toBe('image/png');
    expect(withSession.headers.get('cache-control')).toMatch(/^private/);
    expect(new Uint8Array(await withSession.arrayBuffer())).toEqual(bytes);

    const anonymous = await ctx.request(url, { headers: { cookie: '' } });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ message: 'Please log in.' });
    const forged = await ctx.request(url, { headers: { cookie: '__Host-sg_session=forged-token' } });
    expect(forged.status).toBe(401);
  });

  it('answers 404 for a medium of another site or an unknown id', async () => {
    const { id } = (await (await upload(fileForm(await pngBytes(8, 8, '#000000'), 'a.png'))).json()) as { id: string };
    const otherSite = (await ctx.createSite({ name: 'Other', numberHorizontal: 1, numberVertical: 1 })).id;
    expect((await ctx.request(`/api/site/${otherSite}/media/${id}`)).status).toBe(404);
    expect((await ctx.request(`/api/site/${siteId}/media/no-such-media`)).status).toBe(404);
  });

  it('never serves an original from the public site host', async () => {
    const bytes = await pngBytes(8, 8, '#777777');
    const { sha256 } = (await (await upload(fileForm(bytes, 'a.png'))).json()) as { sha256: string };
    for (const path of [`/uploads/${sha256}`, `/media/../uploads/${sha256}`, `/media/..%2Fuploads%2F${sha256}`, `/media/%2E%2E/uploads/${sha256}`, `/_astro/..%2Fuploads%2F${sha256}`]) {
      const response = await ctx.visit(path);
      expect(response.status, path).toBe(404);
    }
  });
});
