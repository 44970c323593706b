import type { Readable } from 'node:stream';
import { exportTree } from '../../publisher/export-tree.ts';
import { zipTree } from '../../publisher/export-zip.ts';
import type { Storage } from '../../storage/storage.ts';
import { AppError, notFound } from '../http/errors.ts';

/** Exports running at once across the server: each reads every file of a site, on a small machine. */
const MAX_EXPORTS = 3;

/**
 * The exports running now, one per site at most. A slot is taken before any work, in one
 * synchronous step (so parallel requests cannot both pass), and given back when the download
 * ends, fails or is abandoned.
 */
export function exportSlots(max = MAX_EXPORTS) {
  const running = new Set<string>();
  return {
    take(siteId: string): () => void {
      if (running.has(siteId)) throw new AppError('too_many_requests', 'exportRunning');
      if (running.size >= max) throw new AppError('too_many_requests', 'tooManyRequests');
      running.add(siteId);
      let held = true;
      return () => {
        if (held) running.delete(siteId);
        held = false;
      };
    },
  };
}

export type ExportSlots = ReturnType<typeof exportSlots>;

/**
 * A Node stream as a response body that pulls one chunk each time the client takes one, so the
 * ZIP is made exactly as fast as it is downloaded. `ended` runs once the body is done with: read
 * to its end, failed, or cancelled by a client that went away (which also stops the stream).
 */
function responseBody(readable: Readable, ended: () => void): ReadableStream<Uint8Array> {
  const chunks: AsyncIterator<Buffer> = readable[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await chunks.next();
        if (next.done) {
          ended();
          controller.close();
        } else controller.enqueue(next.value);
      } catch (error) {
        ended();
        controller.error(error);
      }
    },
    cancel() {
      ended();
      readable.destroy();
    },
  });
}

/** The live version of a site as a ZIP download, streamed; 404 for a site never published. */
export async function exportResponse(storage: Storage, slots: ExportSlots, siteId: string): Promise<Response> {
  const release = slots.take(siteId);
  try {
    const tree = await exportTree(storage, siteId);
    if (!tree) throw notFound('siteNotPublished');
    const zip = zipTree(tree);
    return new Response(responseBody(zip, release), {
      headers: {
        'content-type': 'application/zip',
        'content-disposition': `attachment; filename="site-${siteId}-v${tree.version}.zip"`,
        'cache-control': 'no-store',
      },
    });
  } catch (error) {
    release();
    throw error;
  }
}
