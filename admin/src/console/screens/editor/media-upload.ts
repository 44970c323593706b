import type { StoredMedia } from '../../../../../model/site-view.ts';
import { request } from '../../api/request.ts';

export type { StoredMedia };

/** Uploads one file to the site's media (checked by content on the server). */
export function uploadMedia(siteId: string, file: Blob, name: string, quiet = false): Promise<StoredMedia> {
  const form = new FormData();
  form.append('file', file, name);
  return request('POST /site/:id/media', { params: { id: siteId }, body: form }, { quiet });
}

/** Uploads background music (MP3, M4A, WAV; checked by content and ffprobe on the server); quiet, so the field shows a refusal. */
export function uploadAudio(siteId: string, file: Blob, name: string): Promise<StoredMedia> {
  const form = new FormData();
  form.append('file', file, name);
  return request('POST /site/:id/audio', { params: { id: siteId }, body: form }, { quiet: true });
}
