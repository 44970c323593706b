import { api } from '../../api/client.ts';

export type StoredMedia = { id: string; url: string; kind: 'image' | 'video' };

/** Uploads one file to the site's media (checked by content on the server). */
export function uploadMedia(siteId: string, file: Blob, name: string, quiet = false): Promise<StoredMedia> {
  const form = new FormData();
  form.append('file', file, name);
  return api.post<StoredMedia>(`/site/${siteId}/media`, form, { quiet });
}
