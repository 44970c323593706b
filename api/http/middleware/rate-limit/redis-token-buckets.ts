import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { ReplyError, type Result } from 'ioredis';
import { closeRedis, openRedis } from '../../../redis/redis-connection.ts';
import { memoryTokenBuckets, type TokenBuckets } from './token-buckets.ts';

/**
 * The bucket arithmetic of memoryTokenBuckets, run inside Redis: a script runs alone, so the read,
 * the refill, the spend and the write of one bucket are one step however many server processes
 * take at once. A bucket left alone for a minute is full again, so it expires then.
 */
const TAKE = `
local per_minute = tonumber(ARGV[1])
local now = tonumber(ARGV[2])
local refill = per_minute / 60000
local stored = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = tonumber(stored[1]) or per_minute
local at = tonumber(stored[2]) or now
tokens = math.min(per_minute, tokens + math.max(0, now - at) * refill)
local wait = 0
if tokens >= 1 then tokens = tokens - 1 else wait = math.ceil((1 - tokens) / refill / 1000) end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', tostring(now))
redis.call('PEXPIRE', KEYS[1], 61000)
return wait
`;

/** How long the first takes wait for the first connection before counting in memory (a Redis that does not answer at start). */
const FIRST_CONNECTION_WAIT_MS = 1000;

declare module 'ioredis' {
  interface RedisCommander<Context> {
    /** {@link TAKE}, defined on the connection by {@link redisTokenBuckets}. */
    swipegridTakeToken(key: string, perMinute: number, at: number): Result<unknown, Context>;
  }
}

/**
 * Token buckets shared by every server process on one Redis (REDIS_URL). The script goes by its
 * SHA (EVALSHA), sent again by ioredis when Redis answers NOSCRIPT (it restarted and forgot it).
 * While Redis is unreachable each process counts in its own memory, as without Redis: a client
 * gets its limit once per process for that while, rather than every visitor waiting or failing.
 */
export function redisTokenBuckets(url: string, prefix = 'swipegrid:rate:'): TokenBuckets & { close(): Promise<void> } {
  const redis = openRedis(url, 'limits');
  redis.defineCommand('swipegridTakeToken', { numberOfKeys: 1, lua: TAKE });
  const meanwhile = memoryTokenBuckets();
  // A command fails at once while not connected, which the first requests after start would be.
  let connecting: Promise<unknown> | null = Promise.race([once(redis, 'ready'), once(redis, 'error'), sleep(FIRST_CONNECTION_WAIT_MS, undefined, { ref: false })])
    .catch(() => {})
    .finally(() => {
      connecting = null;
    });
  return {
    async take(key, perMinute, at) {
      if (connecting) await connecting;
      let reply: unknown;
      try {
        reply = await redis.swipegridTakeToken(`${prefix}${key}`, perMinute, at);
      } catch (error) {
        // Redis answered and refused: the script is wrong, which counting in memory would hide.
        if (error instanceof ReplyError) throw error;
        return meanwhile.take(`${prefix}${key}`, perMinute, at);
      }
      if (typeof reply !== 'number') throw new Error(`the rate limit script answered ${JSON.stringify(reply)}`);
      return reply;
    },
    close: () => closeRedis(redis),
  };
}
