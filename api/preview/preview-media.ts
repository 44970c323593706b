import sharp from 'sharp';
import { REFERENCE_VIEWPORT } from '../../model/constants.ts';
import type { SiteDraft } from '../../model/draft.ts';
import { parseMediaUrl } from '../../model/media-url.ts';
import { mediaUrlsOf, uploadKey, type PreparedMedia } from '../../publisher/media.ts';
import type { Storage } from '../../storage/storage.ts';

const sizes = new Map<string, { width: number; height: number }>();

async function imageSize(storage: Storage, sha256: string): Promise<{ width: number; height: number }> {
  const known = sizes.get(sha256);
  if (known) return known;
  const original = await storage.get(uploadKey(sha256));
  const meta = original
    ? await sharp(original.body)
        .metadata()
        .catch(() => null)
    : null;
  const size = meta?.width && meta.height ? { width: meta.width, height: meta.height } : { ...REFERENCE_VIEWPORT };
  sizes.set(sha256, size);
  return size;
}

/**
 * The draft's media as a preview shows it: each upload served as it is, under the preview's own
 * path (`{basePath}media/{mediaId}`), so nothing of an unpublished draft becomes a public object.
 * Publishing makes the responsive derivatives; a preview does not wait for them.
 */
export async function previewMedia(draft: SiteDraft, storage: Storage, basePath: string): Promise<PreparedMedia> {
  const records = new Map(draft.media.map((record) => [record.id, record]));
  const result: PreparedMedia = { entries: {}, thumbnails: {}, keys: [], made: 0, reused: 0 };
  for (const url of mediaUrlsOf(draft)) {
    if (/^https?:\/\//i.test(url)) {
      result.entries[url] = { kind: 'image', image: { src: url, width: REFERENCE_VIEWPORT.width, height: REFERENCE_VIEWPORT.height, sources: [] } };
      continue;
    }
    const ref = parseMediaUrl(url);
    const record = ref && ref.siteId === draft.id ? records.get(ref.mediaId) : undefined;
    if (!record) continue;
    const src = `${basePath}media/${record.id}`;
    if (record.kind === 'image') {
      result.entries[url] = { kind: 'image', image: { src, ...(await imageSize(storage, record.sha256)), sources: [] } };
      result.thumbnails[url] = src;
    } else if (record.kind === 'audio') {
      result.entries[url] = { kind: 'audio', audio: { src, type: record.mime } };
    } else {
      result.entries[url] = { kind: 'video', video: { src, type: record.mime } };
    }
  }
  return result;
}
