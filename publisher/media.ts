import { REFERENCE_VIEWPORT } from '../model/constants.ts';
import type { MediaRecord, SiteDraft } from '../model/draft.ts';
import { pageMediaUrls, parseMediaUrl } from '../model/media-url.ts';
import type { MediaMap, ResponsiveImage } from '../model/snapshot.ts';
import type { PopupCtas } from '../model/site.ts';
import type { Storage } from '../storage/storage.ts';
import { forEachLimit } from './concurrency.ts';
import { encodeHls, hlsMasterKey, packageHls, storeHls, type HlsEncode, type HlsPackage } from './hls.ts';
import { ImageTooManyPixelsError, srcsetFor, type ImageSet } from './images.ts';
import { makeImageSetOnce } from './image-set-memo.ts';

/** Originals are private: only derivatives made at publish time are public. */
export const uploadKey = (sha256: string) => `uploads/${sha256}`;
export const videoKey = (record: Pick<MediaRecord, 'sha256' | 'ext'>) => `media/${record.sha256}/video.${record.ext}`;
export const audioKey = (record: Pick<MediaRecord, 'sha256' | 'ext'>) => `media/${record.sha256}/audio.${record.ext}`;

const IMAGES_IN_FLIGHT = 2;

/** `keys`: every storage key of the derivatives the entries point at (set.json, HLS playlists included), for the manifest. */
export type PreparedMedia = { entries: MediaMap; thumbnails: Record<string, string>; keys: string[]; made: number; reused: number; videosPackaged?: number };

/** Videos encoded before the storage lease was taken ({@link encodeVideos}), by content hash. */
export type ReadyVideos = { get(sha256: string): HlsEncode | undefined; release(): Promise<void> };

/**
 * With it, videos are also packaged to HLS (after the images): stored from `ready` when it has
 * them, else encoded then (scripts and benches that publish without the lease).
 */
export type VideoPackaging = { onProgress: (done: number, total: number) => void; ready?: ReadyVideos };

/**
 * Every media URL a draft uses, in the order a visitor meets them. Members-only pages are
 * skipped: their media never goes public. With `membersOnly`, only members-only pages' media.
 */
export function mediaUrlsOf(draft: SiteDraft, membersOnly = false): string[] {
  const urls = new Set<string>();
  const add = (url: string | undefined) => {
    if (url) urls.add(url);
  };
  if (!membersOnly) {
    add(draft.settings.logoSetting);
    add(draft.settings.faviconSetting);
    for (const url of popupImageUrls(draft.settings.popupCtas)) add(url);
  }
  for (const creative of draft.creatives) {
    for (const page of creative.pages) {
      if (page.content.membersOnlyLock !== membersOnly) continue;
      for (const url of pageMediaUrls(page.content)) add(url);
    }
  }
  return [...urls];
}

/** The images the popup CTAs show (their videos play as uploaded, through the settings-media route). */
export function popupImageUrls(popupCtas: PopupCtas): string[] {
  return [popupCtas.timeLimit, popupCtas.applicantLimit].flatMap((item) => {
    if (!item) return [];
    const url = item.media.url || item.imageUrl;
    return url && (item.media.type === 'IMAGE' || !item.media.url) ? [url] : [];
  });
}

function toResponsiveImage(set: ImageSet, storage: Storage): ResponsiveImage {
  const formats = [...new Set(set.variants.map((variant) => variant.format))];
  return {
    src: storage.publicUrl(set.fallbackKey),
    width: set.width,
    height: set.height,
    sources: formats.map((format) => ({ type: `image/${format}`, srcset: srcsetFor(set, format, (key) => storage.publicUrl(key)) })),
  };
}

function thumbnailOf(set: ImageSet, storage: Storage): string {
  const webp = set.variants.filter((variant) => variant.format === 'webp').sort((a, b) => a.width - b.width);
  const pick = webp.find((variant) => variant.width >= 100) ?? webp.at(-1);
  return storage.publicUrl(pick ? pick.key : set.fallbackKey);
}

/**
 * Makes the public form of every uploaded medium the draft uses: responsive derivatives for
 * images (made once per content hash, ever), a public copy for videos and music and, with
 * `videos`, the videos' HLS form and poster (also once per content hash). URLs that are not uploads (an external
 * image) are left to the viewer as they are.
 */
export async function prepareMedia(draft: SiteDraft, storage: Storage, onProgress: (done: number, total: number) => void, used = mediaUrlsOf(draft), videos?: VideoPackaging): Promise<PreparedMedia> {
  const records = new Map(draft.media.map((record) => [record.id, record]));
  const urls = used.filter((url) => {
    const ref = parseMediaUrl(url);
    return ref !== null && ref.siteId === draft.id && records.has(ref.mediaId);
  });
  const result: PreparedMedia = { entries: {}, thumbnails: {}, keys: [], made: 0, reused: 0 };
  const videoUrls: { url: string; record: MediaRecord }[] = [];
  // An image the owner links from elsewhere is shown as it is: no derivatives, no size known.
  for (const url of used) {
    if (/^https?:\/\//i.test(url)) result.entries[url] = { kind: 'image', image: { src: url, width: REFERENCE_VIEWPORT.width, height: REFERENCE_VIEWPORT.height, sources: [] } };
  }
  onProgress(0, urls.length);
  let done = 0;
  // Two images at once: each image's own serial steps (metadata, writes, set.json) would
  // otherwise leave a core idle between its derivatives.
  await forEachLimit(urls, IMAGES_IN_FLIGHT, async (url) => {
    const record = records.get(parseMediaUrl(url)!.mediaId)!;
    if (record.kind === 'image') {
      const { set, made, reused } = await makeImageSetOnce(storage, { sha256: record.sha256, load: () => readOriginal(storage, record) }).catch((error: unknown) => {
        throw error instanceof ImageTooManyPixelsError ? new ImageTooManyPixelsError(error.width, error.height, record.name ?? record.id) : error;
      });
      result.made += made;
      result.reused += reused;
      result.entries[url] = { kind: 'image', image: toResponsiveImage(set, storage) };
      result.thumbnails[url] = thumbnailOf(set, storage);
      result.keys.push(...set.variants.map((variant) => variant.key), `media/${set.sha256}/set.json`);
    } else if (record.kind === 'audio') {
      // Music is served as it was uploaded: every browser plays the three formats taken (api/sites/sniff-audio.ts).
      const key = audioKey(record);
      if (!(await storage.head(key))) await storage.put(key, await readOriginal(storage, record), { contentType: record.mime, cacheControl: 'public, max-age=31536000, immutable' });
      result.entries[url] = { kind: 'audio', audio: { src: storage.publicUrl(key), type: record.mime } };
      result.keys.push(key);
    } else {
      const key = videoKey(record);
      if (!(await storage.head(key))) await storage.put(key, await readOriginal(storage, record), { contentType: record.mime, cacheControl: 'public, max-age=31536000, immutable' });
      result.entries[url] = { kind: 'video', video: { src: storage.publicUrl(key), type: record.mime } };
      result.keys.push(key);
      videoUrls.push({ url, record });
    }
    onProgress(++done, urls.length);
  });
  if (videos) await packageVideos(storage, onlyStreamed(draft, videoUrls), result, videos);
  return result;
}

/** Only a page's own medium plays as a stream (the viewer's PageView); buttons and products show the file. */
function onlyStreamed<T extends { url: string }>(draft: SiteDraft, videos: readonly T[]): T[] {
  const pageMedia = new Set(draft.creatives.flatMap((creative) => creative.pages.map((page) => page.content.detail.imageUrl)));
  return videos.filter((video) => pageMedia.has(video.url));
}

/**
 * Encodes the videos among `used` that the published pages stream and storage lacks, to local
 * files, in the encoders' fair queue under `owner`; the publish stores them later, inside its
 * storage lease, and releases them after. A video that cannot be packaged fails the publish with
 * a {@link PublishFailure} naming it.
 */
export async function encodeVideos(draft: SiteDraft, storage: Storage, used: readonly string[], options: { owner?: string; onProgress: (done: number, total: number) => void }): Promise<ReadyVideos> {
  const records = new Map(draft.media.map((record) => [record.id, record]));
  const videos = onlyStreamed(
    draft,
    used.flatMap((url) => {
      const ref = parseMediaUrl(url);
      const record = ref?.siteId === draft.id ? records.get(ref.mediaId) : undefined;
      return record?.kind === 'video' ? [{ url, record }] : [];
    }),
  );
  const ready = new Map<string, HlsEncode>();
  const release = async () => {
    for (const encoded of ready.values()) await encoded.release();
  };
  options.onProgress(0, videos.length);
  try {
    for (const [index, { record }] of videos.entries()) {
      if (!ready.has(record.sha256) && !(await storage.head(hlsMasterKey(record.sha256))))
        ready.set(record.sha256, await encodeHls({ sha256: record.sha256, load: () => readOriginal(storage, record), name: record.name, owner: options.owner }));
      options.onProgress(index + 1, videos.length);
    }
  } catch (error) {
    await release();
    throw error;
  }
  return { get: (sha256) => ready.get(sha256), release };
}

async function packageVideos(storage: Storage, videos: { url: string; record: MediaRecord }[], result: PreparedMedia, packaging: VideoPackaging): Promise<void> {
  packaging.onProgress(0, videos.length);
  for (const [index, { url, record }] of videos.entries()) {
    // A video that cannot be packaged fails the publish (PublishFailure): serving the broken original instead would hide it from its owner.
    const encoded = packaging.ready?.get(record.sha256);
    const hls: HlsPackage = encoded
      ? await storeHls(storage, record.sha256, encoded)
      : await packageHls(storage, { sha256: record.sha256, load: () => readOriginal(storage, record), name: record.name });
    if (hls.made) result.videosPackaged = (result.videosPackaged ?? 0) + 1;
    result.keys.push(hls.masterKey, hls.posterKey, hls.thumbnailKey);
    const entry = result.entries[url];
    if (entry?.kind === 'video') result.entries[url] = { kind: 'video', video: { ...entry.video, hls: storage.publicUrl(hls.masterKey), poster: storage.publicUrl(hls.posterKey) } };
    result.thumbnails[url] = storage.publicUrl(hls.thumbnailKey);
    packaging.onProgress(index + 1, videos.length);
  }
}

async function readOriginal(storage: Storage, record: MediaRecord): Promise<Uint8Array> {
  const original = await storage.get(uploadKey(record.sha256));
  if (!original) throw new Error(`The uploaded file ${record.id} is missing from storage.`);
  return original.body;
}
