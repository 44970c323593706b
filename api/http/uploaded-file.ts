import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import busboy from 'busboy';
import type { Context } from 'hono';
import { MULTIPART_OVERHEAD_BYTES, type UploadBody } from '../../model/contracts/contract.ts';
import { AppError } from './errors.ts';
import { unwritableStorageKey } from './unwritable-storage.ts';
import { makeWorkFolder } from '../../publisher/work-folders.ts';

/** An upload's file, on disk in a folder of its own until `dispose()` removes it. */
export type UploadedFile = { name: string; type: string; path: string; size: number; dispose(): Promise<void> };

/**
 * Streams the file an upload contract's multipart body carries in `body.field` to a temporary
 * file, counting as it goes: once the file passes `body.maxFileBytes`, or the whole body its
 * envelope's room more, reading stops and `tooLarge(name)` is thrown, so memory holds one chunk
 * whatever is sent, chunked or not. A body that is not multipart, or has no file in the field,
 * is refused naming the field to use. The caller disposes of the file (always: `finally`).
 */
export async function receiveUpload(c: Context, body: UploadBody, tooLarge: (fileName: string) => AppError): Promise<UploadedFile> {
  const cap = body.maxFileBytes + MULTIPART_OVERHEAD_BYTES;
  const declared = c.req.header('content-length');
  if (declared !== undefined && Number(declared) > cap) throw tooLarge(body.field);
  const contentType = c.req.header('content-type') ?? '';
  const source = sourceOf(c);
  if (!/^multipart\/form-data/i.test(contentType) || !source) throw new AppError('bad_request', 'sendFileField');
  const folder = await makeWorkFolder('swipegrid-upload-');
  const dispose = () => rm(folder, { recursive: true, force: true });
  try {
    const file = await streamToFolder(source, contentType, body, cap, join(folder, 'file'), tooLarge);
    return { ...file, dispose };
  } catch (error) {
    await dispose();
    throw error;
  }
}

/**
 * The body as a Node stream: under @hono/node-server the request itself (its `incoming`
 * binding), read as the socket delivers, without the web stream's extra layers; elsewhere (an
 * `app.request()` in tests) the web stream's chunks.
 */
function sourceOf(c: Context): Readable | null {
  const incoming: unknown = c.env ? Reflect.get(c.env, 'incoming') : undefined;
  if (incoming instanceof Readable && !incoming.readableDidRead) return incoming;
  const stream = c.req.raw.body;
  return stream ? Readable.from(chunksOf(stream), { objectMode: false }) : null;
}

/** A web stream's chunks as Buffers, read only as fast as they are asked for. */
async function* chunksOf(stream: ReadableStream<Uint8Array>): AsyncGenerator<Buffer> {
  const reader = stream.getReader();
  try {
    for (let next = await reader.read(); !next.done; next = await reader.read()) yield Buffer.from(next.value.buffer, next.value.byteOffset, next.value.byteLength);
  } finally {
    reader.releaseLock();
  }
}

type Received = { name: string; type: string; path: string; size: number };

function streamToFolder(source: Readable, contentType: string, body: UploadBody, cap: number, path: string, tooLarge: (fileName: string) => AppError): Promise<Received> {
  return new Promise<Received>((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      // Busboy reports its limit once a file reaches it, so a file of exactly the most allowed would be cut: one byte more.
      parser = busboy({ headers: { 'content-type': contentType }, limits: { files: 1, fileSize: body.maxFileBytes + 1, fields: 16, fieldSize: 1024, parts: 32, headerPairs: 16 } });
    } catch {
      reject(new AppError('bad_request', 'sendFileField'));
      return;
    }
    let settled = false;
    let received: Promise<Received> | null = null;
    // Stop reading, not destroy: destroying the source would reset the connection before the
    // refusal is answered. The node server drains a little of what is left, then closes it.
    const fail = (error: AppError) => {
      if (settled) return;
      settled = true;
      source.unpipe(parser);
      source.pause();
      parser.removeAllListeners('file');
      reject(error);
    };
    let total = 0;
    source.on('data', (chunk: Buffer) => {
      total += chunk.byteLength;
      if (total > cap) fail(tooLarge(body.field));
    });
    source.on('error', () => fail(new AppError('bad_request', 'sendFileField')));
    parser.on('file', (field, fileStream, info) => {
      if (field !== body.field || received) {
        fileStream.resume();
        return;
      }
      const name = info.filename ?? '';
      const out = createWriteStream(path);
      let size = 0;
      fileStream.on('data', (chunk: Buffer) => {
        size += chunk.byteLength;
      });
      fileStream.on('limit', () => {
        fileStream.unpipe(out);
        fileStream.resume();
        out.destroy();
        fail(tooLarge(name || body.field));
      });
      fileStream.pipe(out);
      received = once(out, 'close').then(() => ({ name, type: info.mimeType, path, size }));
      // A file cut at its limit is destroyed mid-write: that refusal is already on its way.
      received.catch(() => {});
    });
    parser.on('error', () => fail(new AppError('bad_request', 'sendFileField')));
    parser.on('close', () => {
      if (settled) return;
      if (!received) {
        fail(new AppError('bad_request', 'sendFileField'));
        return;
      }
      received.then(
        (file) => {
          if (settled) return;
          settled = true;
          resolve(file);
        },
        // A file that could not be written (the disk full) is the server's failure, not the request's.
        (error: unknown) => {
          const unwritable = unwritableStorageKey(error);
          fail(unwritable ? new AppError('unavailable', unwritable) : new AppError('bad_request', 'sendFileField'));
        },
      );
    });
    source.pipe(parser);
  });
}
