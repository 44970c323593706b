import { RespConnection } from '../../../redis/resp-connection.ts';
import type { TokenBuckets } from './token-buckets.ts';

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

/** Token buckets shared by every server process on one Redis (REDIS_URL). */
export function redisTokenBuckets(url: string, prefix = 'swipegrid:rate:'): TokenBuckets & { close(): void } {
  let connection: RespConnection | null = null;
  // A connection lost (Redis restarted) is replaced on the next request rather than failing every one after it.
  const open = async () => {
    if (!connection || connection.closed) {
      connection = new RespConnection(url);
      connection.onerror = (error) => console.error('rate limits on Redis:', error.message);
    }
    await connection.connect();
    return connection;
  };
  return {
    async take(key, perMinute, at) {
      const reply = await (await open()).command(['EVAL', TAKE, 1, `${prefix}${key}`, perMinute, at]);
      if (typeof reply !== 'number') throw new Error(`the rate limit script answered ${JSON.stringify(reply)}`);
      return reply;
    },
    close: () => connection?.close(),
  };
}
