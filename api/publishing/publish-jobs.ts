import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { MessageKey, MessageValues } from '../../model/messages/keys.ts';
import { messageText } from '../../model/messages/text.ts';
import type { PublishProgress, PublishResult } from '../../publisher/publish.ts';
import type { Renderer } from '../../publisher/renderer.ts';
import type { Storage } from '../../storage/storage.ts';
import type { Db } from '../db/open-database.ts';
import { publishes } from '../db/schema.ts';
import { runPublish } from './run-publish.ts';
import { createStorageLease } from './storage-lease.ts';

export type PublishEvent =
  | { type: 'progress'; step: PublishProgress['step']; done: number; total: number }
  | { type: 'done'; result: PublishResult }
  | { type: 'failed'; key: MessageKey; values: MessageValues; message: string };

/** A publish's failure as its event: the key and values, and the text in English (the events stream words it in the watcher's language). */
export function failedEvent(key: MessageKey, values: MessageValues = {}): PublishEvent {
  return { type: 'failed', key, values, message: messageText(key, 'en', values) };
}

type Job = { id: string; siteId: string; events: PublishEvent[]; listeners: Set<(event: PublishEvent) => void>; finished: Promise<void> };

/**
 * Where publishes run: in this process ({@link createPublishJobs}, the default) or on a Redis queue
 * consumed by `swipegrid worker`s (redis-publish-queue.ts). The routes see only this.
 */
export type PublishJobs = {
  /** Queues a publish of the site's current draft and returns its id at once. */
  start(siteId: string): Promise<string>;
  /** The events so far, and a subscription to those still to come; null for an unknown job. */
  watch(siteId: string, publishId: string, listener: (event: PublishEvent) => void): Promise<{ past: PublishEvent[]; stop: () => void } | null>;
  /** Resolves when the job has finished (for scripts and tests). */
  finished(publishId: string): Promise<void>;
  status(siteId: string, publishId: string): Promise<typeof publishes.$inferSelect | null>;
};

/**
 * Runs publishes in the background, one at a time per site (a second publish waits for the
 * first, then publishes whatever the draft is by then), and keeps each job's events so a
 * client that connects late still sees the whole progress.
 */
export async function createPublishJobs(deps: {
  db: Db;
  storage: Storage;
  renderer: () => Promise<Renderer>;
  siteOrigin?: string;
  siteDomain?: string;
  /** Sees every job's progress as it happens (tests interleave other work with a publish here). */
  onProgress?: (siteId: string, progress: PublishProgress) => void;
}): Promise<PublishJobs> {
  const jobs = new Map<string, Job>();
  const tails = new Map<string, Promise<void>>();
  const lease = createStorageLease(deps.db);
  // A publish still marked running was cut off by a stop of this process; its site kept the old version.
  await deps.db.update(publishes).set({ status: 'failed', error: 'Interrupted by a server stop.', finishedAt: new Date() }).where(eq(publishes.status, 'running')).run();

  function emit(job: Job, event: PublishEvent) {
    // Progress is kept coarse in memory: the last event of each step is all a late client needs.
    const last = job.events.at(-1);
    if (event.type === 'progress' && last?.type === 'progress' && last.step === event.step) job.events[job.events.length - 1] = event;
    else job.events.push(event);
    for (const listener of job.listeners) listener(event);
  }

  async function run(job: Job) {
    const outcome = await runPublish({ ...deps, lease }, job.siteId, [job.id], (progress) => {
      emit(job, { type: 'progress', ...progress });
      deps.onProgress?.(job.siteId, progress);
    });
    emit(job, outcome.ok ? { type: 'done', result: outcome.result } : failedEvent(outcome.key, outcome.values));
  }

  return {
    /** Queues a publish of the site's current draft and returns its id at once. */
    async start(siteId: string): Promise<string> {
      const id = randomUUID();
      await deps.db.insert(publishes).values({ id, siteId, status: 'running' }).run();
      const job: Job = { id, siteId, events: [], listeners: new Set(), finished: Promise.resolve() };
      const previous = tails.get(siteId) ?? Promise.resolve();
      job.finished = previous.then(() => run(job));
      tails.set(siteId, job.finished);
      jobs.set(id, job);
      return id;
    },
    /** The events so far, and a subscription to those still to come; null for an unknown job. */
    async watch(siteId: string, publishId: string, listener: (event: PublishEvent) => void): Promise<{ past: PublishEvent[]; stop: () => void } | null> {
      const job = jobs.get(publishId);
      if (!job || job.siteId !== siteId) return null;
      job.listeners.add(listener);
      return { past: [...job.events], stop: () => job.listeners.delete(listener) };
    },
    /** Resolves when the job has finished (for scripts and tests). */
    finished(publishId: string): Promise<void> {
      return jobs.get(publishId)?.finished ?? Promise.resolve();
    },
    async status(siteId: string, publishId: string) {
      return (
        (await deps.db
          .select()
          .from(publishes)
          .where(and(eq(publishes.id, publishId), eq(publishes.siteId, siteId)))
          .get()) ?? null
      );
    },
  };
}
