import type { SiteDraft } from '../../model/draft.ts';
import type { Db } from '../db/open-database.ts';
import { findSiteDomain } from './site-domain-row.ts';

/**
 * The draft as it is published: its custom domain only once connected. Until then its pages
 * keep linking to its shared address, and no `domains/{host}.json` pointer is written for a
 * name that does not lead here yet.
 */
export async function publishableDraft(db: Db, draft: SiteDraft): Promise<SiteDraft> {
  const row = await findSiteDomain(db, draft.id);
  const customDomain = row?.state === 'connected' ? row.domain : undefined;
  return { ...draft, settings: { ...draft.settings, customDomain } };
}
