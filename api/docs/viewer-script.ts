import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { Context } from 'hono';

/** Scalar's standalone bundle, from the installed package (its `dist/browser/` is not an export, so it is found beside the main entry). */
const BUNDLE = new URL('./browser/standalone.js', import.meta.resolve('@scalar/api-reference'));

type Bundle = { plain: Buffer; gzipped: Buffer; etag: string };
let bundle: Promise<Bundle> | undefined;

async function loadBundle(): Promise<Bundle> {
  const plain = await readFile(BUNDLE);
  const gzipped = await promisify(gzip)(plain);
  return { plain, gzipped, etag: `"${createHash('sha256').update(plain).digest('base64url').slice(0, 27)}"` };
}

/** The viewer script (4 MB, about 1 MB gzipped), read and compressed once, revalidated by ETag. */
export async function viewerScript(c: Context): Promise<Response> {
  bundle ??= loadBundle();
  const { plain, gzipped, etag } = await bundle;
  const headers: Record<string, string> = { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-cache', etag, vary: 'accept-encoding' };
  if (c.req.header('if-none-match') === etag) return new Response(null, { status: 304, headers });
  const wantsGzip = /\bgzip\b/.test(c.req.header('accept-encoding') ?? '');
  const body = wantsGzip ? gzipped : plain;
  return new Response(new Uint8Array(body), { headers: wantsGzip ? { ...headers, 'content-encoding': 'gzip' } : headers });
}
