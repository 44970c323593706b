import type { Storage } from '../storage/storage.ts';

/** Where members-only media derivatives live: beside the public tree, never served by the site host. */
export const PRIVATE_MEDIA_PREFIX = 'private/';

/** Stands where the API puts a signature, in the URLs of members-only media written at publish time. */
export const UNSIGNED_SEGMENT = '~';

/**
 * The path under which the API serves a members-only medium to a member. Written at publish
 * time with the unsigned placeholder; the API signs each URL when it hands the page to a member.
 * @example privateMediaPath('s1', 'media/ab…/400.webp') // '/api/end-user/site/s1/private-media/~/ab…/400.webp'
 */
export function privateMediaPath(siteId: string, key: string, signature = UNSIGNED_SEGMENT): string {
  return `/api/end-user/site/${siteId}/private-media/${signature}/${key.replace(/^media\//, '')}`;
}

/**
 * The storage the publisher makes members-only media with: the same derivative code as for
 * public media, but every `media/` key lands under `private/media/` and its URL points at the API.
 * Originals (`uploads/`) are read where they are.
 */
export function membersOnlyMediaStorage(storage: Storage, siteId: string): Storage {
  const key = (k: string) => (k.startsWith('media/') ? `${PRIVATE_MEDIA_PREFIX}${k}` : k);
  return {
    put: (k, body, opts) => storage.put(key(k), body, opts),
    get: (k) => storage.get(key(k)),
    head: async (k) => {
      const info = await storage.head(key(k));
      return info ? { ...info, key: k } : null;
    },
    async *list(prefix) {
      const mapped = key(prefix);
      for await (const info of storage.list(mapped)) yield { ...info, key: info.key.slice(mapped.length - prefix.length) };
    },
    delete: (k) => storage.delete(key(k)),
    deleteMany: (keys) => storage.deleteMany(keys.map(key)),
    publicUrl: (k) => privateMediaPath(siteId, k),
  };
}
