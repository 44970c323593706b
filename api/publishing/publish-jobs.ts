import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { PublishProgress, PublishResult } from '../../publisher/publish.ts';
import type { Renderer } from '../../publisher/renderer.ts';
import type { Storage } from '../../storage/storage.ts';
import type { Db } from '../db/open-database.ts';
import { publishes } from '../db/schema.ts';
import { loadSiteDraft } from '../sites/load-site-draft.ts';
import { publishableDraft } from '../domains/publishable-draft.ts';
import { publishAndSweep } from './publish-and-sweep.ts';
import { recordPublished } from './record-published.ts';
import { createStorageLease } from './storage-lease.ts';

export type PublishEvent = { type: 'progress'; step: PublishProgress['step']; done: number; total: number } | { type: 'done'; result: PublishResult } | { type: 'failed'; message: string };

type Job = { id: string; siteId: string; events: PublishEvent[]; listeners: Set<(event: PublishEvent) => void>; finished: Promise<void> };

export type PublishJobs = ReturnType<typeof createPublishJobs>;

/**
 * Runs publishes in the background, one at a time per site (a second publish waits for the
 * first, then publishes whatever the draft is by then), and keeps each job's events so a
 * client that connects late still sees the whole progress.
 */
export function createPublishJobs(deps: {
  db: Db;
  storage: Storage;
  renderer: () => Promise<Renderer>;
  siteOrigin?: string;
  siteDomain?: string;
  /** Sees every job's progress as it happens (tests interleave other work with a publish here). */
  onProgress?: (siteId: string, progress: PublishProgress) => void;
}) {
  const jobs = new Map<string, Job>();
  const tails = new Map<string, Promise<void>>();
  const lease = createStorageLease(deps.db);
  // A publish still marked running was cut off by a stop of this process; its site kept the old version.
  deps.db.update(publishes).set({ status: 'failed', error: 'Interrupted by a server stop.', finishedAt: new Date() }).where(eq(publishes.status, 'running')).run();

  function emit(job: Job, event: PublishEvent) {
    // Progress is kept coarse in memory: the last event of each step is all a late client needs.
    const last = job.events.at(-1);
    if (event.type === 'progress' && last?.type === 'progress' && last.step === event.step) job.events[job.events.length - 1] = event;
    else job.events.push(event);
    for (const listener of job.listeners) listener(event);
  }

  async function run(job: Job) {
    const { db } = deps;
    try {
      const draft = publishableDraft(db, loadSiteDraft(db, job.siteId));
      const { result, swept } = await publishAndSweep(draft, {
        storage: deps.storage,
        renderer: await deps.renderer(),
        siteOrigin: deps.siteOrigin,
        siteDomain: deps.siteDomain,
        onProgress: (progress) => {
          emit(job, { type: 'progress', ...progress });
          deps.onProgress?.(job.siteId, progress);
        },
        lease,
      });
      const now = new Date();
      // One transaction: a kill between the two would leave a publish "done" whose version the site does not name.
      db.transaction((tx) => {
        tx.update(publishes)
          .set({ status: 'done', version: result.version, stats: { ...result, swept }, finishedAt: now })
          .where(eq(publishes.id, job.id))
          .run();
        recordPublished(tx, job.siteId, result, now);
      });
      emit(job, { type: 'done', result });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      console.error(`publish ${job.id} of site ${job.siteId} failed:`, error);
      db.update(publishes).set({ status: 'failed', error: message, finishedAt: new Date() }).where(eq(publishes.id, job.id)).run();
      emit(job, { type: 'failed', message: 'Publishing failed. The previous version is still live.' });
    }
  }

  return {
    /** Queues a publish of the site's current draft and returns its id at once. */
    start(siteId: string): string {
      const id = randomUUID();
      deps.db.insert(publishes).values({ id, siteId, status: 'running' }).run();
      const job: Job = { id, siteId, events: [], listeners: new Set(), finished: Promise.resolve() };
      const previous = tails.get(siteId) ?? Promise.resolve();
      job.finished = previous.then(() => run(job));
      tails.set(siteId, job.finished);
      jobs.set(id, job);
      return id;
    },
    /** The events so far, and a subscription to those still to come; null for an unknown job. */
    watch(siteId: string, publishId: string, listener: (event: PublishEvent) => void): { past: PublishEvent[]; stop: () => void } | null {
      const job = jobs.get(publishId);
      if (!job || job.siteId !== siteId) return null;
      job.listeners.add(listener);
      return { past: [...job.events], stop: () => job.listeners.delete(listener) };
    },
    /** Resolves when the job has finished (for scripts and tests). */
    finished(publishId: string): Promise<void> {
      return jobs.get(publishId)?.finished ?? Promise.resolve();
    },
    status(siteId: string, publishId: string) {
      return (
        deps.db
          .select()
          .from(publishes)
          .where(and(eq(publishes.id, publishId), eq(publishes.siteId, siteId)))
          .get() ?? null
      );
    },
  };
}
