import { z } from 'zod';
import type { Storage } from '../storage/storage.ts';

/**
 * Custom domains and handles map a host to a site through a small object in storage, so the
 * site host (or an edge function in front of a CDN) resolves a host without the database:
 * `domains/{host}.json` for a custom domain, `handles/{handle}.json` for `{handle}.{SITE_DOMAIN}`.
 */
const pointerSchema = z.object({ siteId: z.string() });

export const domainKey = (domain: string) => `domains/${domain.toLowerCase()}.json`;
export const handleKey = (handle: string) => `handles/${handle.toLowerCase()}.json`;

async function readPointer(storage: Storage, key: string): Promise<string | null> {
  const object = await storage.get(key).catch(() => null);
  if (!object) return null;
  const parsed = pointerSchema.safeParse(JSON.parse(Buffer.from(object.body).toString('utf8')));
  return parsed.success ? parsed.data.siteId : null;
}

export function readDomainSite(storage: Storage, domain: string): Promise<string | null> {
  return /^[a-z0-9.-]+$/.test(domain) ? readPointer(storage, domainKey(domain)) : Promise.resolve(null);
}

export function readHandleSite(storage: Storage, handle: string): Promise<string | null> {
  return /^[a-z0-9-]+$/.test(handle) ? readPointer(storage, handleKey(handle)) : Promise.resolve(null);
}

/**
 * Points `next` at the site and releases `previous` when the live version changed it. A name
 * that another site has since claimed is left to it.
 */
async function movePointer(storage: Storage, keyOf: (name: string) => string, siteId: string, previous: string | undefined, next: string | undefined): Promise<void> {
  // Unchanged names are only read: a republish writes nothing it need not, and a pointer lost or taken over is put back.
  if (next && (next !== previous || (await readPointer(storage, keyOf(next))) !== siteId)) {
    await storage.put(keyOf(next), JSON.stringify({ siteId }), { contentType: 'application/json', cacheControl: 'no-cache' });
  }
  if (previous && previous !== next && (await readPointer(storage, keyOf(previous))) === siteId) await storage.delete(keyOf(previous));
}

/** After a publish or rollback: the custom domain and the handle the live version was made for lead to the site. */
export async function moveHostPointers(storage: Storage, siteId: string, previous: HostNames | undefined, next: HostNames): Promise<void> {
  await movePointer(storage, handleKey, siteId, previous?.handle, next.handle);
  await movePointer(storage, domainKey, siteId, previous?.domain, next.domain);
}

export type HostNames = { handle?: string; domain?: string };
