import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { MAX_AUDIO_BYTES, MAX_VIDEO_BYTES } from '../../model/constants.ts';
import { mediaKindSchema, type MediaKind } from '../../model/draft.ts';
import type { MessageKey } from '../../model/messages/keys.ts';
import { mediaUrl } from '../../model/media-url.ts';
import { uploadKey } from '../../publisher/media.ts';
import type { Storage } from '../../storage/storage.ts';
import type { Db } from '../db/open-database.ts';
import { media } from '../db/schema.ts';
import { AppError } from '../http/errors.ts';
import { storageUse } from '../identity/storage-use.ts';
import { createStorageLease } from '../publishing/storage-lease.ts';
import { isDecodableImage } from './decode-image.ts';
import { isPlayableAudio } from './probe-audio.ts';
import { isPlayableVideo } from './probe-video.ts';
import { refuseLongVideo } from './video-length.ts';
import { sniffAudio, type SniffedAudio } from './sniff-audio.ts';
import { readSniffHead } from './read-sniff-head.ts';
import { sniffMedia, type SniffedMedia } from './sniff-media.ts';
import { makeWorkFolder } from '../../publisher/work-folders.ts';

/** The spec leaves the image limit unset; images get the same 30 MB as videos (docs/decisions.md). */
export const MAX_IMAGE_BYTES = MAX_VIDEO_BYTES;

export type StoredUpload = { id: string; url: string; kind: MediaKind; mime: string; size: number; sha256: string };

/** An upload received to a temporary file (api/http/uploaded-file.ts). */
export type ReceivedFile = { name: string; path: string; size: number };

/** What one upload endpoint takes: how its bytes are recognised, refused, capped and checked whole. */
export type UploadRules = {
  sniff(head: Uint8Array): Sniffed | null;
  /** The message of a file it does not take. */
  unsupported: MessageKey;
  maxBytes(sniffed: Sniffed): number;
  /** Whether the whole file is what its first bytes said: decodable, playable; may refuse it by name (an image over the pixel limit). */
  playable(path: string, sniffed: Sniffed, name: string): Promise<boolean>;
};

type Sniffed = SniffedMedia | SniffedAudio;

/** Page images and videos (`POST /site/{id}/media`). */
export const VISUAL_UPLOADS: UploadRules = {
  sniff: sniffMedia,
  unsupported: 'unsupportedFormat',
  maxBytes: (sniffed) => (sniffed.kind === 'video' ? MAX_VIDEO_BYTES : MAX_IMAGE_BYTES),
  // HEIC passes the byte check but this build of libvips cannot decode HEVC; refuse it now, not at publish.
  playable: (path, sniffed, name) => (sniffed.kind === 'image' ? isDecodableImage(path, name) : isPlayableVideo(path)),
};

/** Background music (`POST /site/{id}/audio`). */
export const AUDIO_UPLOADS: UploadRules = {
  sniff: sniffAudio,
  unsupported: 'unsupportedAudio',
  maxBytes: () => MAX_AUDIO_BYTES,
  playable: (path, sniffed) => (sniffed.kind === 'audio' ? isPlayableAudio(path, sniffed) : Promise.resolve(false)),
};

/**
 * Stores an upload after checking what its bytes are, never trusting its name: sniffed, then
 * decoded (images) or probed (videos, music), then counted against the owner's storage quota. The
 * original is kept once per content hash, privately; the same file uploaded twice to a site is
 * one medium, and counts once.
 */
export async function storeUpload(db: Db, storage: Storage, site: { id: string; ownerId: string }, file: ReceivedFile, rules: UploadRules = VISUAL_UPLOADS): Promise<StoredUpload> {
  const sniffed = rules.sniff(await readSniffHead(file.path));
  if (!sniffed) throw new AppError('unsupported_media', rules.unsupported);
  const limit = rules.maxBytes(sniffed);
  if (file.size > limit) throw new AppError('payload_too_large', 'fileTooLarge', { values: { file: file.name, max: limit / 1024 / 1024 } });
  if (!(await rules.playable(file.path, sniffed, file.name))) throw new AppError('unsupported_media', rules.unsupported);
  if (sniffed.kind === 'video') await refuseLongVideo(db, site.ownerId, file);
  const sha256 = await hashFile(file.path);
  const lease = createStorageLease(db);
  const started = Date.now();
  const reserved = await reserve(db, site, sha256, sniffed, file);
  if (!reserved.created) return reserved.upload;
  try {
    if (!(await storage.head(uploadKey(sha256)))) await storage.put(uploadKey(sha256), await readFile(file.path), { contentType: sniffed.mime });
    // Uploads take no storage lease: a sweep that overlapped may have found the original unused before
    // the row above existed and deleted it after the check above, so it is written again once the sweep is over.
    if (await lease.sweepOverlapped(started)) {
      await lease.untilNoSweep();
      await storage.put(uploadKey(sha256), await readFile(file.path), { contentType: sniffed.mime });
    }
  } catch (error) {
    // Give the quota back: the medium was never stored.
    await db.delete(media).where(eq(media.id, reserved.upload.id)).run();
    throw error;
  }
  return reserved.upload;
}

/** {@link storeUpload} for bytes in memory (the demo seed, tests, benchmarks): written to a temporary file first, removed after. */
export async function storeUploadedBytes(db: Db, storage: Storage, site: { id: string; ownerId: string }, file: { name: string; bytes: Uint8Array }): Promise<StoredUpload> {
  const folder = await makeWorkFolder('swipegrid-upload-');
  try {
    const path = join(folder, 'file');
    await writeFile(path, file.bytes);
    return await storeUpload(db, storage, site, { name: file.name, path, size: file.bytes.byteLength });
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/**
 * Counts the file against the owner's quota and records it, in one transaction that takes the
 * write lock first (IMMEDIATE): uploads in parallel, in this process or another, are counted
 * one after another, so together they cannot pass the quota.
 */
async function reserve(db: Db, site: { id: string; ownerId: string }, sha256: string, sniffed: Sniffed, file: ReceivedFile): Promise<{ created: boolean; upload: StoredUpload }> {
  return await db.transaction(
    async (tx) => {
      const existing = await tx
        .select()
        .from(media)
        .where(and(eq(media.siteId, site.id), eq(media.sha256, sha256)))
        .get();
      if (existing) {
        const kind = mediaKindSchema.parse(existing.kind);
        return { created: false, upload: { id: existing.id, url: mediaUrl(site.id, existing.id), kind, mime: existing.mime, size: existing.size, sha256 } };
      }
      const { usedBytes, quotaBytes } = await storageUse(tx, site.ownerId);
      if (quotaBytes !== null && usedBytes + file.size > quotaBytes) {
        const mb = (bytes: number) => Math.ceil(bytes / 1024 / 1024);
        throw new AppError('payload_too_large', 'storageQuotaExceeded', { values: { file: file.name, used: mb(usedBytes), quota: mb(quotaBytes) } });
      }
      const id = randomUUID();
      await tx
        .insert(media)
        .values({ id, siteId: site.id, sha256, kind: sniffed.kind, mime: sniffed.mime, ext: sniffed.ext, size: file.size, originalName: file.name.slice(0, 255) })
        .run();
      return { created: true, upload: { id, url: mediaUrl(site.id, id), kind: sniffed.kind, mime: sniffed.mime, size: file.size, sha256 } };
    },
    { behavior: 'immediate' },
  );
}

async function hashFile(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
