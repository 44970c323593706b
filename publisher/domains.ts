import { z } from 'zod';
import type { Storage } from '../storage/storage.ts';

/**
 * Custom domains map a host name to a site through a small object in storage, so the site host
 * (or an edge function in front of a CDN) resolves a domain without the database.
 */
const domainPointerSchema = z.object({ siteId: z.string() });

export const domainKey = (domain: string) => `domains/${domain.toLowerCase()}.json`;

export async function readDomainSite(storage: Storage, domain: string): Promise<string | null> {
  if (!/^[a-z0-9.-]+$/.test(domain)) return null;
  const object = await storage.get(domainKey(domain)).catch(() => null);
  if (!object) return null;
  const parsed = domainPointerSchema.safeParse(JSON.parse(Buffer.from(object.body).toString('utf8')));
  return parsed.success ? parsed.data.siteId : null;
}

/**
 * Points `next` at the site and releases `previous` when the live version changed domain. A
 * domain that another site has since claimed is left to it.
 */
export async function moveDomain(storage: Storage, siteId: string, previous: string | undefined, next: string | undefined): Promise<void> {
  if (next) await storage.put(domainKey(next), JSON.stringify({ siteId }), { contentType: 'application/json', cacheControl: 'no-cache' });
  if (previous && previous !== next && (await readDomainSite(storage, previous)) === siteId) await storage.delete(domainKey(previous));
}
