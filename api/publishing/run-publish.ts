import { eq, inArray } from 'drizzle-orm';
import type { MessageKey, MessageValues } from '../../model/messages/keys.ts';
import { messageText } from '../../model/messages/text.ts';
import type { PublishProgress, PublishResult } from '../../publisher/publish.ts';
import type { Renderer } from '../../publisher/renderer.ts';
import type { Storage } from '../../storage/storage.ts';
import type { Db } from '../db/open-database.ts';
import { publishes, sites } from '../db/schema.ts';
import { publishableDraft } from '../domains/publishable-draft.ts';
import { loadSiteDraft } from '../sites/load-site-draft.ts';
import { publishAndSweep } from './publish-and-sweep.ts';
import { publishFailure } from './publish-failure.ts';
import { recordPublished } from './record-published.ts';
import type { StorageLease } from './storage-lease.ts';

export type PublishRunDeps = { db: Db; storage: Storage; renderer: () => Promise<Renderer>; siteOrigin?: string; siteDomain?: string; lease: StorageLease };

export type PublishOutcome = { ok: true; result: PublishResult } | { ok: false; key: MessageKey; values: MessageValues };

/**
 * The publish itself, the same in the server process and in a `swipegrid worker`: publishes the
 * site's draft as it is now and settles the given publish rows with the outcome. The draft is read
 * after the rows were written, so every request they stand for sees its changes published.
 */
export async function runPublish(deps: PublishRunDeps, siteId: string, publishIds: readonly string[], onProgress?: (progress: PublishProgress) => void): Promise<PublishOutcome> {
  const { db } = deps;
  try {
    const draft = await publishableDraft(db, await loadSiteDraft(db, siteId));
    const { result, swept } = await publishAndSweep(draft, {
      storage: deps.storage,
      renderer: await deps.renderer(),
      siteOrigin: deps.siteOrigin,
      siteDomain: deps.siteDomain,
      onProgress: (progress) => onProgress?.(progress),
      lease: deps.lease,
      // Encodes take turns by owner: one tenant's videos never hold back another's.
      owner: (await db.select({ ownerId: sites.ownerId }).from(sites).where(eq(sites.id, siteId)).get())?.ownerId,
    });
    const now = new Date();
    // One transaction: a kill between the two would leave a publish "done" whose version the site does not name.
    await db.transaction(
      async (tx) => {
        if (publishIds.length)
          await tx
            .update(publishes)
            .set({ status: 'done', version: result.version, stats: { ...result, swept }, finishedAt: now })
            .where(inArray(publishes.id, [...publishIds]))
            .run();
        await recordPublished(tx, siteId, result, now);
      },
      { behavior: 'immediate' },
    );
    return { ok: true, result };
  } catch (error) {
    // The owner is told why by key, in their language; the error's own text (a path, a tool's output) stays in this log.
    const { key, values } = publishFailure(error);
    console.error(`publish ${publishIds.join(', ')} of site ${siteId} failed:`, error);
    if (publishIds.length)
      await db
        .update(publishes)
        .set({ status: 'failed', error: messageText(key, 'en', values), errorKey: key, errorValues: values, finishedAt: new Date() })
        .where(inArray(publishes.id, [...publishIds]))
        .run();
    return { ok: false, key, values };
  }
}
