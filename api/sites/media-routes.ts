import { Hono } from 'hono';
import { siteContracts as contracts } from '../../model/contracts/sites.ts';
import type { Storage } from '../../storage/storage.ts';
import type { Db } from '../db/open-database.ts';
import type { AppEnv } from '../http/env.ts';
import { AppError, notFound } from '../http/errors.ts';
import { route } from '../http/route.ts';
import { receiveUpload } from '../http/uploaded-file.ts';
import { readMediaFile } from './read-media-file.ts';
import { AUDIO_UPLOADS, storeUpload } from './store-upload.ts';

const upload = contracts.uploadMedia.body;
const tooLarge = (file: string) => new AppError('payload_too_large', 'fileTooLarge', { values: { file, max: upload.maxFileBytes / 1024 / 1024 } });
const audio = contracts.uploadAudio.body;
const audioTooLarge = (file: string) => new AppError('payload_too_large', 'fileTooLarge', { values: { file, max: audio.maxFileBytes / 1024 / 1024 } });

export function mediaRoutes(deps: { db: Db; storage: Storage }) {
  const { db, storage } = deps;
  const app = new Hono<AppEnv>();
  route(app, contracts.uploadMedia, async ({ c, site }) => {
    const file = await receiveUpload(c, upload, tooLarge);
    try {
      return await storeUpload(db, storage, site, { name: file.name || 'file', path: file.path, size: file.size });
    } finally {
      await file.dispose();
    }
  });
  route(app, contracts.uploadAudio, async ({ c, site }) => {
    const file = await receiveUpload(c, audio, audioTooLarge);
    try {
      return await storeUpload(db, storage, site, { name: file.name || 'file', path: file.path, size: file.size }, AUDIO_UPLOADS);
    } finally {
      await file.dispose();
    }
  });
  route(app, contracts.getMedia, async ({ c, site, params }) => {
    const { record, object } = await readMediaFile(db, storage, site.id, params.mediaId);
    if (!record || !object) throw notFound('mediaNotFound');
    return c.body(object.body as Uint8Array<ArrayBuffer>, 200, { 'content-type': record.mime, 'cache-control': 'private, max-age=3600', etag: object.etag });
  });
  return app;
}
