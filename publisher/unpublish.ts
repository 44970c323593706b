import type { Storage } from '../storage/storage.ts';
import { domainKey, releasePointer } from './domains.ts';
import { deleteLivePointer } from './live.ts';

/**
 * Takes a site off the air and keeps its versions: the live pointer goes, so the site host
 * answers 404 for every page, and a custom domain still pointing at the site is released for
 * another site to claim. A later publish (or a rollback) writes a pointer again. False when
 * nothing was live.
 */
export async function unpublish(storage: Storage, siteId: string): Promise<boolean> {
  const live = await deleteLivePointer(storage, siteId);
  if (!live) return false;
  const domain = live.address.domain;
  if (domain) await releasePointer(storage, domainKey, siteId, domain);
  return true;
}
