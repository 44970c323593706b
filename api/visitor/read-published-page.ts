import type { Language } from '../../model/language.ts';
import { pageDataPath } from '../../model/snapshot.ts';
import { LIVE_POINTER_TTL_MS, readLiveManifest } from '../../publisher/live.ts';
import { objectKey, privateObjectKey } from '../../publisher/versions.ts';
import type { Storage } from '../../storage/storage.ts';

/**
 * The live version's data of one page in one language, its stored JSON bytes: the public file, or
 * for a member also a members-only page's private file. Null when the live version has neither.
 */
export async function readPublishedPage(storage: Storage, siteId: string, lang: Language, pageId: string, asMember: boolean): Promise<Uint8Array<ArrayBuffer> | null> {
  // As the site host serves pages: the pointer from memory for a moment (publisher/live.ts).
  const manifest = await readLiveManifest(storage, siteId, { maxAgeMs: LIVE_POINTER_TTL_MS });
  if (!manifest) return null;
  const privateFile = asMember ? manifest.private[`${lang}/${pageId}.json`] : undefined;
  const publicFile = manifest.files[pageDataPath(lang, pageId)];
  const key = privateFile ? privateObjectKey(privateFile.hash) : publicFile ? objectKey(publicFile.hash) : null;
  const object = key ? await storage.get(key) : null;
  return object ? new Uint8Array(object.body) : null;
}
