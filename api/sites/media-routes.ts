import { Hono } from 'hono';
import { siteContracts as contracts } from '../../model/contracts/sites.ts';
import type { Storage } from '../../storage/storage.ts';
import type { Db } from '../db/open-database.ts';
import type { AppEnv } from '../http/env.ts';
import { AppError, notFound } from '../http/errors.ts';
import { route } from '../http/route.ts';
import { uploadedFile } from '../http/uploaded-file.ts';
import { readMediaFile } from './read-media-file.ts';
import { MAX_IMAGE_BYTES, storeUpload } from './store-upload.ts';
import { MAX_VIDEO_BYTES } from '../../model/constants.ts';

/** A body larger than any file we accept, with room for the multipart envelope. */
const MAX_BODY_BYTES = Math.max(MAX_VIDEO_BYTES, MAX_IMAGE_BYTES) + 64 * 1024;

export function mediaRoutes(deps: { db: Db; storage: Storage }) {
  const { db, storage } = deps;
  const app = new Hono<AppEnv>();
  route(app, contracts.uploadMedia, async ({ c, site }) => {
    const declared = Number(c.req.header('content-length') ?? 0);
    if (declared > MAX_BODY_BYTES) throw new AppError('payload_too_large', 'fileTooLarge', { values: { file: 'file', max: MAX_VIDEO_BYTES / 1024 / 1024 } });
    const file = await uploadedFile(c, contracts.uploadMedia.body.field);
    return storeUpload(db, storage, site.id, { name: file.name || 'file', bytes: new Uint8Array(await file.arrayBuffer()) });
  });
  route(app, contracts.getMedia, async ({ c, site, params }) => {
    const { record, object } = await readMediaFile(db, storage, site.id, params.mediaId);
    if (!record || !object) throw notFound('mediaNotFound');
    return c.body(object.body as Uint8Array<ArrayBuffer>, 200, { 'content-type': record.mime, 'cache-control': 'private, max-age=3600', etag: object.etag });
  });
  return app;
}
