import { Redis, type RedisOptions } from 'ioredis';

/**
 * What a connection is for, which decides what its commands do while Redis is unreachable:
 * - `queue`: the servers' publish queue. An add waits for Redis to come back rather than failing
 *   a publish request already written to the database (a restart takes seconds).
 * - `worker`: a `swipegrid worker`'s BullMQ worker. BullMQ requires commands that wait out an
 *   outage (`maxRetriesPerRequest: null`) for its blocking reads, and refuses a connection without.
 * - `limits`: the visitor rate limits. A visitor's request must not wait on Redis: a command fails
 *   at once while it is unreachable, and the caller counts in memory meanwhile.
 * - `health`: `GET /api/health`'s PING. It must say "down" at once, not wait for Redis to come back.
 */
export type RedisUse = 'queue' | 'worker' | 'limits' | 'health';

/** A visitor's request waits at most this long on a Redis that stopped answering without closing the connection. */
const LIMITS_COMMAND_TIMEOUT_MS = 1000;

const OPTIONS: Record<RedisUse, RedisOptions> = {
  queue: { maxRetriesPerRequest: null },
  worker: { maxRetriesPerRequest: null },
  limits: { enableOfflineQueue: false, maxRetriesPerRequest: 0, commandTimeout: LIMITS_COMMAND_TIMEOUT_MS },
  health: { enableOfflineQueue: false, maxRetriesPerRequest: 0, commandTimeout: LIMITS_COMMAND_TIMEOUT_MS },
};

/**
 * Opens an ioredis connection to `url` (REDIS_URL: `redis://` or `rediss://`, user, password and
 * database number in it). It reconnects by itself after Redis restarts. Its errors are logged once
 * per outage, not at every reconnection attempt. Close it with {@link closeRedis}; BullMQ does not
 * close a connection it was given.
 */
export function openRedis(url: string, use: RedisUse): Redis {
  const redis = new Redis(url, { ...OPTIONS[use], connectionName: `swipegrid-${use}` });
  const label = `Redis (${use}, ${url.replace(/\/\/[^@]*@/, '//')})`;
  let down = false;
  redis.on('error', (error: Error) => {
    if (down) return;
    down = true;
    console.error(`${label} unreachable, reconnecting: ${error.message}`);
  });
  redis.on('ready', () => {
    if (!down) return;
    down = false;
    console.error(`${label} reachable again`);
  });
  return redis;
}

/** Closes after the replies still awaited (QUIT); at once when Redis is unreachable, failing what waits. */
export async function closeRedis(redis: Redis): Promise<void> {
  if (redis.status === 'end') return;
  if (redis.status === 'ready') {
    try {
      await redis.quit();
      return;
    } catch {
      // The connection dropped during QUIT: nothing is left to wait for.
    }
  }
  redis.disconnect();
}

/**
 * A failure to reach Redis (a socket's error: refused, reset, timed out), which {@link openRedis}
 * already logs once per outage; BullMQ passes it on as its own `error` event at every retry.
 */
export function isUnreachable(error: Error): boolean {
  return 'syscall' in error;
}
