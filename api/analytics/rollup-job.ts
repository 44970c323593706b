import type { Db } from '../db/open-database.ts';
import type { ArmOf } from './event-facts.ts';
import { runRollup } from './run-rollup.ts';

/** How often the job looks for new events: reports lag ingest by this much plus one run, well within the 60 s the issue allows. */
export const ROLLUP_EVERY_MS = 10_000;

export type RollupJob = {
  /** Folds what has arrived now (the server's close, a test that wants fresh reports). */
  runNow(): Promise<void>;
  stop(): void;
};

/**
 * The server's rollup job: every `everyMs`, folds new events a batch at a time, yielding to the
 * event loop between batches, so a backlog (a restart after a long stop) never holds requests
 * up for more than one batch. A failure is logged and retried on the next tick.
 */
export function startRollupJob(db: Db, options: { everyMs?: number; log?: (line: string) => void; armOf?: ArmOf } = {}): RollupJob {
  const log = options.log ?? ((line: string) => console.error(line));
  let running = false;
  let stopped = false;
  // One fold at a time in this process: runNow waits for the batch under way instead of running beside it.
  let folding: Promise<unknown> = Promise.resolve();
  const oneAtATime = <T>(work: () => Promise<T>): Promise<T> => {
    const next = folding.then(work, work);
    folding = next.catch(() => {});
    return next;
  };
  const tick = async () => {
    if (running || stopped) return;
    running = true;
    const step = async () => {
      try {
        const { events } = await oneAtATime(() => runRollup(db, { maxBatches: 1, armOf: options.armOf }));
        if (events > 0 && !stopped) {
          setImmediate(() => void step());
          return;
        }
      } catch (error) {
        log(`analytics rollup failed: ${error instanceof Error ? error.message : String(error)}`);
      }
      running = false;
    };
    await step();
  };
  const timer = setInterval(() => void tick(), options.everyMs ?? ROLLUP_EVERY_MS);
  timer.unref();
  return {
    runNow: async () => {
      await oneAtATime(() => runRollup(db, { armOf: options.armOf }));
    },
    stop: () => {
      stopped = true;
      clearInterval(timer);
    },
  };
}
