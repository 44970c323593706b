import { eq } from 'drizzle-orm';
import type { PublishResult } from '../../publisher/publish.ts';
import type { Queries } from '../db/open-database.ts';
import { sites } from '../db/schema.ts';

/** Records on the site what a finished publish made live; the publication date moves only when something changed. */
export async function recordPublished(db: Queries, siteId: string, result: PublishResult, now = new Date()): Promise<void> {
  await db
    .update(sites)
    .set({ status: 'published', liveVersion: result.version, ...(result.changed ? { publishedAt: now } : {}) })
    .where(eq(sites.id, siteId))
    .run();
}
