/**
 * Where a rate limit keeps its per-client token buckets: `take` spends one token of `key`'s bucket
 * (full at `perMinute`, refilled evenly over a minute) and answers 0, or, when it is empty, the
 * seconds until a token is back. In this process by default; on Redis (redis-token-buckets.ts)
 * when several server processes must share the counts.
 */
export type TokenBuckets = { take(key: string, perMinute: number, at: number): number | Promise<number> };

/** Buckets kept before full (idle) ones are dropped. */
const SWEEP_AT = 10_000;

/** Token buckets in memory: enough for the single-process deploy; several processes would each count their own share. */
export function memoryTokenBuckets(): TokenBuckets {
  const buckets = new Map<string, { tokens: number; at: number; perMinute: number }>();

  function sweep(at: number) {
    for (const [client, bucket] of buckets) {
      if (bucket.tokens + (at - bucket.at) * (bucket.perMinute / 60_000) >= bucket.perMinute) buckets.delete(client);
    }
  }

  return {
    take(key, perMinute, at) {
      const refillPerMs = perMinute / 60_000;
      let bucket = buckets.get(key);
      if (!bucket) {
        if (buckets.size >= SWEEP_AT) sweep(at);
        bucket = { tokens: perMinute, at, perMinute };
        buckets.set(key, bucket);
      }
      bucket.tokens = Math.min(perMinute, bucket.tokens + (at - bucket.at) * refillPerMs);
      bucket.at = at;
      if (bucket.tokens >= 1) {
        bucket.tokens -= 1;
        return 0;
      }
      return Math.ceil((1 - bucket.tokens) / refillPerMs / 1000);
    },
  };
}
