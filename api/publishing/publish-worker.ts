import { Worker } from 'bullmq';
import { and, eq } from 'drizzle-orm';
import { publishes } from '../db/schema.ts';
import { closeRedis, isUnreachable, openRedis } from '../redis/redis-connection.ts';
import { PUBLISH_QUEUE, type PublishJobData } from './redis-publish-queue.ts';
import { runPublish, type PublishRunDeps } from './run-publish.ts';

/**
 * A `swipegrid worker`'s consumer of the publish queue. A job is "publish this site": it takes
 * every publish request of the site still running (written before it starts, so the draft it then
 * reads has their changes) and settles them with one publish. A worker killed mid-publish stops
 * renewing its lock; after `lockMs` BullMQ's stalled-job check gives the job to another worker, which
 * takes the same requests again and publishes a new version. The fenced live pointer
 * (publisher/versions.ts) keeps any late switch of the dead run from going backwards.
 * `close` lets the publishes in hand finish, then closes the connection (BullMQ leaves it open).
 */
export function startPublishWorker(deps: PublishRunDeps & { redisUrl: string; lockMs: number; concurrency?: number; queueName?: string }): {
  worker: Worker<PublishJobData>;
  close(): Promise<void>;
} {
  const { db } = deps;
  const connection = openRedis(deps.redisUrl, 'worker');
  const worker = new Worker<PublishJobData>(
    deps.queueName ?? PUBLISH_QUEUE,
    async (job) => {
      const { siteId } = job.data;
      const requests = (
        await db
          .select({ id: publishes.id })
          .from(publishes)
          .where(and(eq(publishes.siteId, siteId), eq(publishes.status, 'running')))
          .all()
      ).map((row) => row.id);
      // A publish before this one took them all: nothing was asked since.
      if (!requests.length) return { published: false };
      const outcome = await runPublish(deps, siteId, requests);
      return { published: outcome.ok, version: outcome.ok ? outcome.result.version : null, requests: requests.length };
    },
    {
      connection,
      concurrency: deps.concurrency ?? 2,
      lockDuration: deps.lockMs,
      stalledInterval: Math.max(250, Math.floor(deps.lockMs / 2)),
      maxStalledCount: 3,
    },
  );
  worker.on('error', (error) => {
    if (!isUnreachable(error)) console.error('publish worker:', error.message);
  });
  return {
    worker,
    async close() {
      await worker.close();
      await closeRedis(connection);
    },
  };
}
