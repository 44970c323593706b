import { publishSite, type PublishDeps, type PublishResult } from '../../publisher/publish.ts';
import { sweepAfterPublish, type SweepReport } from '../../publisher/sweep.ts';
import { readLiveManifest } from '../../publisher/versions.ts';
import type { SiteDraft } from '../../model/draft.ts';
import type { StorageLease } from './storage-lease.ts';

/**
 * A publish inside the shared storage lease, then the sweep it calls for inside the exclusive
 * one: the site's versions beyond retention go, and a page locked for members takes its public
 * media offline before the publish is reported done. A failed sweep leaves the publish done:
 * what it missed, the next sweep finds.
 */
export async function publishAndSweep(draft: SiteDraft, deps: PublishDeps & { lease: StorageLease }): Promise<{ result: PublishResult; swept: SweepReport | null }> {
  const { lease, ...publishDeps } = deps;
  const { previous, result } = await lease.whilePublishing(async () => {
    const previous = await readLiveManifest(deps.storage, draft.id);
    return { previous, result: await publishSite(draft, publishDeps) };
  });
  if (!result.changed) return { result, swept: null };
  try {
    return { result, swept: await lease.whileSweeping(() => sweepAfterPublish(deps.storage, { siteId: draft.id, previous })) };
  } catch (error) {
    console.error(`the sweep after publishing site ${draft.id} failed:`, error);
    return { result, swept: null };
  }
}
