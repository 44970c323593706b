import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { uploadKey } from '../../publisher/media.ts';
import type { Storage } from '../../storage/storage.ts';
import type { Db } from '../db/open-database.ts';
import { media } from '../db/schema.ts';
import type { AppEnv } from '../env.ts';
import { AppError, notFound } from '../errors.ts';
import { findSiteForAccount } from '../services/find-site.ts';
import { MAX_IMAGE_BYTES, storeUpload } from '../services/store-upload.ts';
import { MAX_VIDEO_BYTES } from '../../model/constants.ts';

/** A body larger than any file we accept, with room for the multipart envelope. */
const MAX_BODY_BYTES = Math.max(MAX_VIDEO_BYTES, MAX_IMAGE_BYTES) + 64 * 1024;

export function mediaRoutes(deps: { db: Db; storage: Storage }) {
  const { db, storage } = deps;
  return new Hono<AppEnv>()
    .post('/:id/media', async (c) => {
      const site = c.get('site');
      const declared = Number(c.req.header('content-length') ?? 0);
      if (declared > MAX_BODY_BYTES) throw new AppError('payload_too_large', 'fileTooLarge', { values: { file: 'file', max: MAX_VIDEO_BYTES / 1024 / 1024 } });
      let form: FormData;
      try {
        form = await c.req.formData();
      } catch {
        throw new AppError('bad_request', 'sendFileField');
      }
      const file = form.get('file');
      if (!(file instanceof File)) throw new AppError('bad_request', 'sendFileField');
      const stored = await storeUpload(db, storage, site.id, { name: file.name || 'file', bytes: new Uint8Array(await file.arrayBuffer()) });
      return c.json(stored, 201);
    })
    .get('/:id/media/:mediaId', async (c) => {
      const site = c.get('site');
      const record = db.select().from(media).where(and(eq(media.id, c.req.param('mediaId')), eq(media.siteId, site.id))).get();
      const object = record ? await storage.get(uploadKey(record.sha256)) : null;
      if (!record || !object) throw notFound('mediaNotFound');
      return c.body(object.body as Uint8Array<ArrayBuffer>, 200, { 'content-type': record.mime, 'cache-control': 'private, max-age=3600', etag: object.etag });
    });
}
