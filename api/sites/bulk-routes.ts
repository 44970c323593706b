import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { BulkUploadEvent } from '../../model/bulk-upload.ts';
import { bulkContracts as contracts } from '../../model/contracts/bulk.ts';
import type { Storage } from '../../storage/storage.ts';
import type { Db } from '../db/open-database.ts';
import type { AppEnv } from '../http/env.ts';
import { AppError, notFound } from '../http/errors.ts';
import { route } from '../http/route.ts';
import { receiveUpload } from '../http/uploaded-file.ts';
import { applyBulkDetail } from './apply-bulk-detail.ts';
import { createBulkUploads } from './bulk-upload-jobs.ts';
import { getSiteView } from './get-site-view.ts';
import { placeImages } from './place-images.ts';
import { languageOf } from './site-routes.ts';

const upload = contracts.startBulkUpload.body;
const tooLarge = (file: string) => new AppError('payload_too_large', 'fileTooLarge', { values: { file, max: upload.maxFileBytes / 1024 / 1024 } });

/** Server-sent events of one bulk upload: what happened so far, then each entry until it ends. */
function eventStream(c: Parameters<typeof streamSSE>[0], subscribe: (listener: (event: BulkUploadEvent) => void) => { past: BulkUploadEvent[]; stop(): void } | null) {
  const queue: BulkUploadEvent[] = [];
  let wake: (() => void) | undefined;
  const watch = subscribe((event) => {
    queue.push(event);
    wake?.();
  });
  if (!watch) throw notFound('bulkUploadNotFound');
  queue.push(...watch.past);
  return streamSSE(c, async (stream) => {
    stream.onAbort(() => {
      watch.stop();
      wake?.();
    });
    try {
      while (!stream.aborted) {
        const event = queue.shift();
        if (!event) {
          await new Promise<void>((resolve) => {
            wake = resolve;
          });
          continue;
        }
        await stream.writeSSE({ event: event.type, data: JSON.stringify(event) });
        if (event.type !== 'progress') break;
      }
    } finally {
      watch.stop();
    }
  });
}

/** Creative settings over many pages: the bulk upload of a ZIP (start, events, complete) and bulk detail settings. */
export function bulkRoutes(deps: { db: Db; storage: Storage }) {
  const { db } = deps;
  const uploads = createBulkUploads(deps);
  const app = new Hono<AppEnv>();
  route(app, contracts.startBulkUpload, async ({ c, site }) => {
    // Taken before the ZIP is read: a second upload to the site is refused before it costs a byte of disk.
    const release = uploads.take(site.id);
    let file: Awaited<ReturnType<typeof receiveUpload>>;
    try {
      file = await receiveUpload(c, upload, tooLarge);
    } catch (error) {
      release();
      throw error;
    }
    const { uploadId, entries } = await uploads.start(site, file, release);
    return { uploadId, entries, events: `/api/site/${site.id}/bulk-upload/${uploadId}/events` };
  });
  route(app, contracts.bulkUploadEvents, ({ c, site, params }) => eventStream(c, (listener) => uploads.watch(site.id, params.uploadId, listener)));
  route(app, contracts.completeBulkUpload, async ({ site, query, body }) => {
    const lang = languageOf(query.lang, site);
    const { images, bad } = uploads.claim(site.id, body.uploadId);
    const placement = await placeImages(db, site.id, images);
    return { placed: placement.placed, bad: [...bad, ...placement.bad], site: await getSiteView(db, site, lang) };
  });
  route(app, contracts.bulkDetail, async ({ site, query, body }) => {
    const lang = languageOf(query.lang, site);
    await applyBulkDetail(db, site, body.pageIds, lang, body.patch);
    return { site: await getSiteView(db, site, lang) };
  });
  return app;
}
