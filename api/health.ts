import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { identityContracts as contracts } from '../model/contracts/identity.ts';
import { languageFromAcceptLanguage, messageText } from '../model/messages/text.ts';
import type { Storage } from '../storage/storage.ts';
import type { Db } from './db/open-database.ts';
import type { AppEnv } from './http/env.ts';
import { route } from './http/route.ts';
import { unwritableStorageKey } from './http/unwritable-storage.ts';

/** Where the probe writes: one small object, rewritten by each check. */
const PROBE_KEY = 'health/probe.json';
/** How long one probe's answer serves every caller: the endpoint is public, and must not turn into a stream of writes or queries. */
const PROBE_TTL_MS = 2_000;
/** A database or Redis that has not answered in this long is counted failed: a monitor must get an answer, not a hang. */
const PROBE_TIMEOUT_MS = 2_000;

type StorageState = 'storageFull' | 'storageReadOnly' | null;

/**
 * One check shared by every caller: its answer kept `PROBE_TTL_MS`, one run at a time. A check
 * that throws is a bug (500), so each check turns the failures it expects into its own answer.
 */
function cachedProbe<T>(check: () => Promise<T>, now: () => number): () => Promise<T> {
  let last: { value: T; at: number } | null = null;
  let running: Promise<T> | null = null;
  return async () => {
    if (last && now() - last.at < PROBE_TTL_MS) return last.value;
    running ??= check()
      .then((value) => {
        last = { value, at: now() };
        return value;
      })
      .finally(() => {
        running = null;
      });
    return running;
  };
}

/** Whether `work` settles without failing within PROBE_TIMEOUT_MS. Its error is not kept: a driver's text may name a host or a user. */
async function answers(work: () => Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), PROBE_TIMEOUT_MS);
  });
  try {
    return await Promise.race([work().then(() => true), late]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

export type HealthDeps = {
  storage: Storage;
  db: Db;
  /** PING on the Redis of the publish queue and the shared limits; absent when the node runs without Redis. */
  redis?: () => Promise<unknown>;
  now?: () => number;
};

/**
 * `GET /api/health`, for a monitor or a load balancer: whether the database answers a query,
 * whether Redis answers a PING (null without Redis), and whether the storage takes a write now,
 * found by writing to it (a full disk or a read-only mount answers nothing on a read). A failed
 * database or Redis answers 503, so a load balancer takes the node out; the storage's state is
 * told by key and keeps 200 (reads and visitors' pages still work). No error text is answered.
 */
export function healthRoutes(deps: HealthDeps) {
  const now = deps.now ?? Date.now;
  const storage = cachedProbe(
    (): Promise<StorageState> =>
      deps.storage.put(PROBE_KEY, JSON.stringify({ at: new Date().toISOString() }), { contentType: 'application/json', cacheControl: 'no-store' }).then(
        () => null,
        (error: unknown) => {
          const key = unwritableStorageKey(error);
          if (!key) throw error;
          return key;
        },
      ),
    now,
  );
  const database = cachedProbe(() => answers(() => deps.db.get(sql`select 1 as ok`)), now);
  const ping = deps.redis;
  const redis = ping ? cachedProbe(() => answers(ping), now) : null;
  const app = new Hono<AppEnv>();
  route(app, contracts.health, async ({ c }) => {
    const [key, databaseOk, redisOk] = await Promise.all([storage(), database(), redis?.() ?? null]);
    const message = key ? messageText(key, languageFromAcceptLanguage(c.req.header('accept-language'))) : null;
    const body = { database: { ok: databaseOk }, redis: redisOk === null ? null : { ok: redisOk }, storage: { writable: key === null, key, message } };
    if (!databaseOk || redisOk === false) c.status(503);
    return body;
  });
  return app;
}
