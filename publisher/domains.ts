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

export type HostNames = { handle?: string; domain?: string };

/** Removes a name's pointer when it leads to this site; a name another site has claimed since is left to it. */
export async function releasePointer(storage: Storage, keyOf: (name: string) => string, siteId: string, name: string): Promise<void> {
  if ((await readPointer(storage, keyOf(name))) === siteId) await storage.delete(keyOf(name));
}

/**
 * After a publish or rollback: the site's current names (its handle, its connected domain) lead
 * to it, and the names it had (`former`: the addresses of versions it was live with) and no
 * longer has lead to it no more. The names come from the caller, never from a version's
 * manifest alone: a version made for a name the site has since given up must not take it back.
 */
export async function pointHostNames(storage: Storage, siteId: string, current: HostNames, former: readonly (HostNames | undefined)[]): Promise<void> {
  for (const [kind, keyOf] of [
    ['handle', handleKey],
    ['domain', domainKey],
  ] as const) {
    const name = current[kind];
    // Only read when already right: a republish writes nothing it need not, and a pointer lost is put back.
    if (name && (await readPointer(storage, keyOf(name))) !== siteId) {
      await storage.put(keyOf(name), JSON.stringify({ siteId }), { contentType: 'application/json', cacheControl: 'no-cache' });
    }
    const gone = new Set(former.map((names) => names?.[kind]).filter((old): old is string => old !== undefined && old !== name));
    for (const old of gone) await releasePointer(storage, keyOf, siteId, old);
  }
}
