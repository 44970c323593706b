import { promisify } from 'node:util';
import { constants, gzip } from 'node:zlib';

const gzipAsync = promisify(gzip);

/** Text formats a browser takes gzipped; images, video and fonts are compressed already. */
const COMPRESSIBLE = /^(?:text\/|application\/(?:json|javascript|xml|manifest\+json)|image\/svg\+xml)/;
/** Below this, gzip's header and a second look at the cache cost more than they save. */
const MIN_BYTES = 1024;

/**
 * The stored bytes, or how to read them with their size: then a gzipped copy already made is sent
 * without reading them (a page view of a cached page costs no storage read).
 */
type Stored = { body: Uint8Array<ArrayBuffer> } | { size: number; load: () => Promise<Uint8Array<ArrayBuffer>> };

export type CompressedBodies = {
  /**
   * The body to send for a request accepting `acceptEncoding`: gzipped (made once per content hash,
   * kept while the cache holds it) when the type is text and the client takes gzip, else as stored.
   */
  choose(input: { hash: string; contentType: string; acceptEncoding: string | undefined } & Stored): Promise<{
    body: Uint8Array<ArrayBuffer>;
    encoding: 'gzip' | null;
    /** Whether another Accept-Encoding could have had other bytes (the response then says `Vary: accept-encoding`). */
    varies: boolean;
  }>;
};

/**
 * Gzipped copies of content-addressed files, by hash: a hash always names the same bytes, so a copy
 * made once serves every later request. At most `maxBytes` of copies are kept, the least recently
 * used dropped first; parallel requests for one hash share one compression.
 *
 * @example const bodies = compressedBodies(); const { body, encoding } = await bodies.choose({ hash, contentType, body: bytes, acceptEncoding });
 */
export function compressedBodies(maxBytes = 32 * 1024 * 1024): CompressedBodies {
  const kept = new Map<string, Uint8Array<ArrayBuffer>>();
  const making = new Map<string, Promise<Uint8Array<ArrayBuffer>>>();
  let keptBytes = 0;

  function keep(hash: string, gzipped: Uint8Array<ArrayBuffer>): void {
    if (gzipped.byteLength > maxBytes) return;
    kept.set(hash, gzipped);
    keptBytes += gzipped.byteLength;
    for (const [oldest, bytes] of kept) {
      if (keptBytes <= maxBytes) break;
      kept.delete(oldest);
      keptBytes -= bytes.byteLength;
    }
  }

  async function gzipped(hash: string, load: () => Promise<Uint8Array<ArrayBuffer>>): Promise<Uint8Array<ArrayBuffer>> {
    const hit = kept.get(hash);
    if (hit) {
      // Map order is insertion order: taken out and put back, it is the most recently used.
      kept.delete(hash);
      kept.set(hash, hit);
      return hit;
    }
    let pending = making.get(hash);
    if (!pending) {
      pending = load().then(async (body) => {
        const buffer = await gzipAsync(body, { level: constants.Z_BEST_COMPRESSION });
        const bytes = new Uint8Array(buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength));
        keep(hash, bytes);
        return bytes;
      });
      making.set(hash, pending);
      pending.finally(() => making.delete(hash)).catch(() => {});
    }
    return pending;
  }

  return {
    async choose(input) {
      const { hash, contentType, acceptEncoding } = input;
      const size = 'body' in input ? input.body.byteLength : input.size;
      const load = 'body' in input ? () => Promise.resolve(input.body) : input.load;
      if (size < MIN_BYTES || !COMPRESSIBLE.test(contentType)) return { body: await load(), encoding: null, varies: false };
      if (!acceptsGzip(acceptEncoding)) return { body: await load(), encoding: null, varies: true };
      return { body: await gzipped(hash, load), encoding: 'gzip', varies: true };
    },
  };
}

/** Whether an Accept-Encoding header takes gzip: named (or `*`) without `q=0`. */
function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (name.trim() !== 'gzip' && name.trim() !== '*') continue;
    return !params.some((param) => /^\s*q=0(?:\.0*)?\s*$/.test(param));
  }
  return false;
}
