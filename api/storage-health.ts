import { Hono } from 'hono';
import { identityContracts as contracts } from '../model/contracts/identity.ts';
import { languageFromAcceptLanguage, messageText } from '../model/messages/text.ts';
import type { Storage } from '../storage/storage.ts';
import type { AppEnv } from './http/env.ts';
import { route } from './http/route.ts';
import { unwritableStorageKey } from './http/unwritable-storage.ts';

/** Where the probe writes: one small object, rewritten by each check. */
const PROBE_KEY = 'health/probe.json';
/** How long one probe's answer serves every caller: the endpoint is public, and must not turn into a stream of writes. */
const PROBE_TTL_MS = 2_000;

type Probe = { key: 'storageFull' | 'storageReadOnly' | null; at: number };

/**
 * `GET /api/health`: whether the storage takes a write now, found by writing to it (a full disk or
 * a read-only mount answers nothing on a read). One probe at a time, its answer kept briefly.
 * A failure other than full or read-only is a bug, not a state: it answers 500 as any would.
 */
export function healthRoutes(deps: { storage: Storage; now?: () => number }) {
  const now = deps.now ?? Date.now;
  let last: Probe | null = null;
  let running: Promise<Probe> | null = null;
  async function probe(): Promise<Probe> {
    if (last && now() - last.at < PROBE_TTL_MS) return last;
    running ??= deps.storage
      .put(PROBE_KEY, JSON.stringify({ at: new Date().toISOString() }), { contentType: 'application/json', cacheControl: 'no-store' })
      .then(
        (): Probe => ({ key: null, at: now() }),
        (error: unknown): Probe => {
          const key = unwritableStorageKey(error);
          if (!key) throw error;
          return { key, at: now() };
        },
      )
      .then((found) => {
        last = found;
        return found;
      })
      .finally(() => {
        running = null;
      });
    return running;
  }
  const app = new Hono<AppEnv>();
  route(app, contracts.health, async ({ c }) => {
    const { key } = await probe();
    const message = key ? messageText(key, languageFromAcceptLanguage(c.req.header('accept-language'))) : null;
    return { storage: { writable: key === null, key, message } };
  });
  return app;
}
