import { encodeVideos } from '../../publisher/media.ts';
import { publicMediaUrlsOf, publishVersion, type PublishDeps, type Published, type PublishResult } from '../../publisher/publish.ts';
import { sweepAfterPublish, type SweepReport } from '../../publisher/sweep.ts';
import type { SiteDraft } from '../../model/draft.ts';
import type { StorageLease } from './storage-lease.ts';

/**
 * A publish inside the shared storage lease, then the sweep it calls for inside the exclusive
 * one: the site's versions beyond retention go, and a page locked for members takes its public
 * media offline before the publish is reported done. A failed sweep leaves the publish done:
 * what it missed, the next sweep finds.
 *
 * Its videos are encoded first, outside the lease: an encode writes no storage key, and a sweep
 * waits for every publish holding the lease, so an encode inside it kept every other site's
 * sweep, and the publishes queued behind that sweep, waiting for as long as it ran.
 */
export async function publishAndSweep(draft: SiteDraft, deps: PublishDeps & { lease: StorageLease; owner?: string }): Promise<{ result: PublishResult; swept: SweepReport | null }> {
  const { lease, owner, ...publishDeps } = deps;
  const videos = await encodeVideos(draft, deps.storage, publicMediaUrlsOf(draft), {
    owner,
    onProgress: (done, total) => deps.onProgress?.({ step: 'video', done, total }),
  });
  let done: Published;
  try {
    done = await lease.whilePublishing(() => publishVersion(draft, { ...publishDeps, videos }));
  } finally {
    await videos.release();
  }
  // The publish read the pointer once and hands on what it replaced and what it made live.
  const { previous, published, result } = done;
  if (!result.changed) return { result, swept: null };
  try {
    return { result, swept: await lease.whileSweeping(() => sweepAfterPublish(deps.storage, { siteId: draft.id, previous, published })) };
  } catch (error) {
    console.error(`the sweep after publishing site ${draft.id} failed:`, error);
    return { result, swept: null };
  }
}
