import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { isMessageKey } from '../../model/messages/keys.ts';
import { forgetLivePointer } from '../../publisher/live.ts';
import type { PublishResult } from '../../publisher/publish.ts';
import type { Storage } from '../../storage/storage.ts';
import type { Db } from '../db/open-database.ts';
import { publishes } from '../db/schema.ts';
import { closeRedis, isUnreachable, openRedis } from '../redis/redis-connection.ts';
import { failedEvent, type PublishEvent, type PublishJobs } from './publish-jobs.ts';

/** The BullMQ queue the servers add to and the `swipegrid worker`s take from. */
export const PUBLISH_QUEUE = 'swipegrid-publish';
export type PublishJobData = { siteId: string };

/** How often a watcher of a publish run by a worker looks at its row (the worker is another process). */
const WATCH_POLL_MS = 200;

const storedResult = z.object({
  version: z.number().int().nullable(),
  changed: z.boolean(),
  files: z.number(),
  written: z.number(),
  imagesMade: z.number(),
  imagesReused: z.number(),
  videosPackaged: z.number(),
  pagesRendered: z.number(),
  pagesReused: z.number(),
  durationMs: z.number(),
}) satisfies z.ZodType<PublishResult>;

type PublishRow = typeof publishes.$inferSelect;

/** A failed row's event, with the reason its publish recorded (the key travels through the database, not the queue). */
function rowFailedEvent(row: PublishRow): PublishEvent {
  return failedEvent(isMessageKey(row.errorKey) ? row.errorKey : 'publishFailed', row.errorValues ?? {});
}

function settledEvent(row: PublishRow): PublishEvent | null {
  if (row.status === 'failed') return rowFailedEvent(row);
  if (row.status !== 'done') return null;
  const result = storedResult.safeParse(row.stats);
  return result.success ? { type: 'done', result: result.data } : rowFailedEvent(row);
}

/**
 * Publish jobs on Redis (REDIS_URL): a publish request writes its row and adds a job for the site;
 * `swipegrid worker`s run them (publish-worker.ts). The job's deduplication id is the site, with
 * `keepLastIfActive`: while one publish of a site runs, a burst of further requests becomes one
 * waiting job, so a site has at most one running and one waiting. The waiting one settles every
 * request written before it starts with the draft as it is then (runPublish).
 *
 * The worker switched the live pointer in its own process; a watcher here that learns the
 * publish is done makes this node forget the pointer it remembers (`storage` is the one this
 * node serves from), so whoever followed the publish is served the new version at once; other
 * nodes see it within publisher/live.ts's LIVE_POINTER_TTL_MS.
 */
export function createRedisPublishJobs(deps: { db: Db; storage: Storage; redisUrl: string /** Tests give each their own. */; queueName?: string }): PublishJobs & {
  close(): Promise<void>;
} {
  const { db } = deps;
  const connection = openRedis(deps.redisUrl, 'queue');
  const queue = new Queue<PublishJobData>(deps.queueName ?? PUBLISH_QUEUE, {
    connection,
    defaultJobOptions: { removeOnComplete: 1000, removeOnFail: 1000 },
  });
  queue.on('error', (error) => {
    if (!isUnreachable(error)) console.error('publish queue:', error.message);
  });
  const read = async (publishId: string) => (await db.select().from(publishes).where(eq(publishes.id, publishId)).get()) ?? null;

  return {
    async start(siteId) {
      const id = randomUUID();
      await db.insert(publishes).values({ id, siteId, status: 'running' }).run();
      queue.add('publish', { siteId }, { deduplication: { id: siteId, keepLastIfActive: true } }).catch(async (error: unknown) => {
        console.error(`queueing publish ${id} of site ${siteId} failed:`, error);
        await db
          .update(publishes)
          .set({ status: 'failed', error: `Not queued: ${error instanceof Error ? error.message : String(error)}`, finishedAt: new Date() })
          .where(and(eq(publishes.id, id), eq(publishes.status, 'running')))
          .run();
      });
      return id;
    },
    async watch(siteId, publishId, listener) {
      const row = await read(publishId);
      if (!row || row.siteId !== siteId) return null;
      const settled = settledEvent(row);
      if (settled?.type === 'done') forgetLivePointer(deps.storage, siteId);
      if (settled) return { past: [settled], stop: () => {} };
      const timer = setInterval(() => {
        // A read that failed (the database restarting) is tried again at the next tick.
        read(publishId).then(
          (now) => {
            const event = now ? settledEvent(now) : failedEvent('publishFailed');
            if (!event) return;
            clearInterval(timer);
            if (event.type === 'done') forgetLivePointer(deps.storage, siteId);
            listener(event);
          },
          () => {},
        );
      }, WATCH_POLL_MS);
      return { past: [], stop: () => clearInterval(timer) };
    },
    async finished(publishId) {
      while ((await read(publishId))?.status === 'running') await new Promise((resolve) => setTimeout(resolve, WATCH_POLL_MS));
    },
    async status(siteId, publishId) {
      return (
        (await db
          .select()
          .from(publishes)
          .where(and(eq(publishes.id, publishId), eq(publishes.siteId, siteId)))
          .get()) ?? null
      );
    },
    async close() {
      await queue.close();
      await closeRedis(connection);
    },
  };
}
