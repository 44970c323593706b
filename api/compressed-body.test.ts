import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressedBodies } from './compressed-body.ts';

const text = (size: number) => new TextEncoder().encode('<p>swipe</p>'.repeat(Math.ceil(size / 12)).slice(0, size));

describe('compressed bodies', () => {
  it('gzips text for a client that takes gzip, and the copy unzips to the stored bytes', async () => {
    const body = text(20_000);
    const chosen = await compressedBodies().choose({ hash: 'h1', contentType: 'text/html; charset=utf-8', body, acceptEncoding: 'gzip, deflate, br' });
    expect(chosen.encoding).toBe('gzip');
    expect(chosen.varies).toBe(true);
    expect(chosen.body.byteLength).toBeLessThan(body.byteLength / 10);
    expect(new Uint8Array(gunzipSync(chosen.body))).toEqual(body);
  });

  it('sends the stored bytes to a client without gzip, refusing it with q=0, or for images and tiny files', async () => {
    const bodies = compressedBodies();
    const body = text(5_000);
    for (const acceptEncoding of [undefined, 'br', 'gzip;q=0', 'identity']) {
      expect(await bodies.choose({ hash: 'h', contentType: 'text/html', body, acceptEncoding }), String(acceptEncoding)).toEqual({ body, encoding: null, varies: true });
    }
    expect(await bodies.choose({ hash: 'i', contentType: 'image/webp', body, acceptEncoding: 'gzip' })).toEqual({ body, encoding: null, varies: false });
    const tiny = text(200);
    expect(await bodies.choose({ hash: 't', contentType: 'application/json', body: tiny, acceptEncoding: 'gzip' })).toEqual({ body: tiny, encoding: null, varies: false });
  });

  it('compresses a hash once for parallel and later requests, and keeps no more than its byte budget', async () => {
    const bodies = compressedBodies(1_000);
    const body = text(50_000);
    const parallel = await Promise.all(Array.from({ length: 20 }, () => bodies.choose({ hash: 'same', contentType: 'text/javascript', body, acceptEncoding: 'gzip' })));
    // One copy made: every answer is the very same bytes object.
    expect(new Set(parallel.map((chosen) => chosen.body)).size).toBe(1);
    const later = await bodies.choose({ hash: 'same', contentType: 'text/javascript', body, acceptEncoding: 'gzip' });
    expect(later.body).toBe(parallel[0]!.body);
    // Other files push the first out once the budget is spent: a new copy, equal bytes.
    for (let index = 0; index < 40; index++) await bodies.choose({ hash: `other-${index}`, contentType: 'text/javascript', body: text(20_000 + index * 97), acceptEncoding: 'gzip' });
    const again = await bodies.choose({ hash: 'same', contentType: 'text/javascript', body, acceptEncoding: 'gzip' });
    expect(again.body).not.toBe(parallel[0]!.body);
    expect(again.body).toEqual(parallel[0]!.body);
  });

  it('sends a kept gzipped copy without reading the stored bytes again, and reads them for a client without gzip', async () => {
    const bodies = compressedBodies();
    const body = text(30_000);
    let reads = 0;
    const load = async () => {
      reads++;
      return body;
    };
    const first = await bodies.choose({ hash: 'page', contentType: 'text/html', size: body.byteLength, load, acceptEncoding: 'gzip' });
    for (let view = 0; view < 10; view++) expect((await bodies.choose({ hash: 'page', contentType: 'text/html', size: body.byteLength, load, acceptEncoding: 'gzip' })).body).toBe(first.body);
    expect(reads).toBe(1);
    expect((await bodies.choose({ hash: 'page', contentType: 'text/html', size: body.byteLength, load, acceptEncoding: undefined })).body).toBe(body);
    expect(reads).toBe(2);
  });
});
