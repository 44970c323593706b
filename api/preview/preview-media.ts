import sharp from 'sharp';
import { REFERENCE_VIEWPORT } from '../../model/constants.ts';
import type { MediaRecord, SiteDraft } from '../../model/draft.ts';
import type { MediaMap } from '../../model/snapshot.ts';
import { mediaUrl, parseMediaUrl } from '../../model/media-url.ts';
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

/** One upload as a preview shows it: served as it is under the preview's own path (`{basePath}media/{mediaId}`). */
export async function previewMediaEntry(record: MediaRecord, storage: Storage, basePath: string): Promise<MediaMap[string]> {
  const src = `${basePath}media/${record.id}`;
  if (record.kind === 'image') return { kind: 'image', image: { src, ...(await imageSize(storage, record.sha256)), sources: [] } };
  if (record.kind === 'audio') return { kind: 'audio', audio: { src, type: record.mime } };
  return { kind: 'video', video: { src, type: record.mime } };
}

/**
 * The draft's media as a preview shows it: each upload served as it is, under the preview's own
 * path, so nothing of an unpublished draft becomes a public object. Publishing makes the
 * responsive derivatives; a preview does not wait for them. `everyUpload` (the owner's canvas)
 * maps every upload of the site by its draft URL, a members-only page's and one no page names yet
 * included, since the editor's unsaved content may name any of them.
 */
export async function previewMedia(draft: SiteDraft, storage: Storage, basePath: string, everyUpload = false): Promise<PreparedMedia> {
  const records = new Map(draft.media.map((record) => [record.id, record]));
  const result: PreparedMedia = { entries: {}, thumbnails: {}, keys: [], made: 0, reused: 0 };
  const urls = everyUpload ? [...mediaUrlsOf(draft), ...draft.media.map((record) => mediaUrl(draft.id, record.id))] : mediaUrlsOf(draft);
  for (const url of urls) {
    if (/^https?:\/\//i.test(url)) {
      result.entries[url] = { kind: 'image', image: { src: url, width: REFERENCE_VIEWPORT.width, height: REFERENCE_VIEWPORT.height, sources: [] } };
      continue;
    }
    const ref = parseMediaUrl(url);
    const record = ref && ref.siteId === draft.id ? records.get(ref.mediaId) : undefined;
    if (!record) continue;
    result.entries[url] = await previewMediaEntry(record, storage, basePath);
    if (record.kind === 'image') result.thumbnails[url] = `${basePath}media/${record.id}`;
  }
  return result;
}
