import type { Context } from 'hono';
import type { AppEnv } from './env.ts';
import { AppError } from './errors.ts';

const tooLarge = () => new AppError('payload_too_large', 'bodyTooLarge');

/**
 * Refuses, before anything is read, a body whose declared length is over the call's cap. With
 * a length, Node's parser reads no more than it (what follows is parsed as the next request).
 */
export function refuseDeclaredOverCap(c: Context<AppEnv>, cap: number): void {
  const declared = c.req.header('content-length');
  if (declared !== undefined && Number(declared) > cap) throw tooLarge();
}

/**
 * A body's text, at most `cap` bytes, read once per request: whoever reads first (the authorize
 * middleware looks for a parent's id, the route parses) leaves it on the context for the
 * others, so no reader of the body goes around the cap.
 *
 * With a declared length the server's direct read is used (touching the web stream makes
 * @hono/node-server build a full Request: it halved the visitor calls served a second,
 * bench/visitor.bench.ts); a streamed (chunked) body is counted as it comes and reading stops
 * at the cap. The rest is not read: the server drains a little and closes the connection.
 */
export async function readBodyText(c: Context<AppEnv>, cap: number): Promise<string> {
  refuseDeclaredOverCap(c, cap);
  let read = c.get('bodyText');
  if (!read) {
    read = readCapped(c, cap);
    c.set('bodyText', read);
  }
  const text = await read;
  if (Buffer.byteLength(text) > cap) throw tooLarge();
  return text;
}

async function readCapped(c: Context<AppEnv>, cap: number): Promise<string> {
  if (c.req.header('content-length') !== undefined && c.req.header('transfer-encoding') === undefined) return c.req.raw.text();
  const stream = c.req.raw.body;
  if (!stream) return '';
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (let next = await reader.read(); !next.done; next = await reader.read()) {
    size += next.value.byteLength;
    if (size > cap) {
      reader.releaseLock();
      throw tooLarge();
    }
    chunks.push(next.value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}
