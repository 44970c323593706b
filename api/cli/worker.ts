import { loadRenderer } from '../../publisher/renderer.ts';
import { createStorage } from '../../storage/index.ts';
import { loadConfig } from '../config.ts';
import { closeDatabase, openDatabase } from '../db/open-database.ts';
import { startChildBookkeeping } from '../child-bookkeeping.ts';
import { startPublishWorker } from '../publishing/publish-worker.ts';
import { createStorageLease } from '../publishing/storage-lease.ts';
import { parseOptions, UsageError, type Command } from './command.ts';

/** Runs the publishes queued on Redis by the servers (docs/deploy.md, "Scaled out"), until stopped. */
export const worker: Command = {
  summary: 'run queued publishes (needs REDIS_URL; start as many as you like)',
  usage: 'swipegrid worker [--concurrency N]     settings from the environment and ./.env, REDIS_URL required',
  async run(args) {
    const values = parseOptions(args, { concurrency: { type: 'string' } });
    const concurrency = values.concurrency === undefined ? 2 : Number(values.concurrency);
    if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 64) throw new UsageError('--concurrency takes a whole number from 1 to 64');
    const config = loadConfig();
    if (!config.redis) throw new UsageError('REDIS_URL is not set: without it the server runs publishes itself and no worker is needed');
    const db = await openDatabase(config.database, config.postgres);
    const orphans = startChildBookkeeping(config.dataDir);
    if (orphans.killed > 0) console.log(`stopped ${orphans.killed} encoder(s) left running by an earlier stop`);
    await orphans.swept;
    const storage = createStorage({ ...config.storage, publicBaseUrl: '/' });
    let renderer: ReturnType<typeof loadRenderer> | undefined;
    const running = startPublishWorker({
      db,
      storage,
      renderer: () => (renderer ??= loadRenderer()),
      siteOrigin: config.siteOrigin,
      siteDomain: config.siteDomain,
      lease: createStorageLease(db),
      redisUrl: config.redis.url,
      lockMs: config.redis.workerLockMs,
      concurrency,
    });
    running.worker.on('active', (job) => console.log(`publishing: site ${job.data.siteId}`));
    running.worker.on('completed', (job, value: { published: boolean; version?: number | null }) => {
      if (value.published) console.log(`published: site ${job.data.siteId} version ${value.version}`);
    });
    await running.worker.waitUntilReady();
    console.log(`swipegrid worker ${process.pid}: taking publishes from ${config.redis.url.replace(/\/\/[^@]*@/, '//')}`);
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      process.once(signal, () => {
        // A publish in flight finishes first: close() waits for it.
        void running
          .close()
          .finally(async () => await closeDatabase(db))
          .finally(() => process.exit(0));
      });
    }
    return 'running';
  },
};
