import type { StoredMedia } from '../../../../../model/site-view.ts';
import { request } from '../../api/request.ts';

export type { StoredMedia };

/** Uploads one file to the site's media (checked by content on the server). */
export function uploadMedia(siteId: string, file: Blob, name: string, quiet = false): Promise<StoredMedia> {
  const form = new FormData();
  form.append('file', file, name);
  return request('POST /site/:id/media', { params: { id: siteId }, body: form }, { quiet });
}
