import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { z } from 'zod';
import { publishingContracts as contracts } from '../../model/contracts/publishing.ts';
import { listVersions } from '../../publisher/live.ts';
import type { Storage } from '../../storage/storage.ts';
import type { Db } from '../db/open-database.ts';
import type { AppEnv } from '../http/env.ts';
import { notFound } from '../http/errors.ts';
import { route } from '../http/route.ts';
import type { PublishEvent, PublishJobs } from './publish-jobs.ts';
import { rollbackSite } from './rollback-site.ts';
import { unpublishSite } from './unpublish-site.ts';
import { isMessageKey } from '../../model/messages/keys.ts';
import { languageFromAcceptLanguage, messageText } from '../../model/messages/text.ts';
import { exportResponse, exportSlots } from './export-site.ts';

const versionParam = z.coerce.number().int().positive();

/** Server-sent events of one publish: what happened so far, then each step until it ends. */
function publishEventStream(c: Parameters<typeof streamSSE>[0], watch: { past: PublishEvent[]; stop(): void }, queue: PublishEvent[], wakeUp: { wake?: () => void }) {
  const lang = languageFromAcceptLanguage(c.req.header('accept-language'));
  queue.push(...watch.past);
  return streamSSE(c, async (stream) => {
    stream.onAbort(() => {
      watch.stop();
      wakeUp.wake?.();
    });
    try {
      while (!stream.aborted) {
        const event = queue.shift();
        if (!event) {
          await new Promise<void>((resolve) => {
            wakeUp.wake = resolve;
          });
          continue;
        }
        // A failure carries its key for the console, and its text in the caller's language for any other client.
        const data = event.type === 'failed' ? { ...event, message: messageText(event.key, lang, event.values) } : event;
        await stream.writeSSE({ event: event.type, data: JSON.stringify(data) });
        if (event.type !== 'progress') break;
      }
    } finally {
      watch.stop();
    }
  });
}

export function publishRoutes(deps: { db: Db; storage: Storage; jobs: PublishJobs }) {
  const { db, storage, jobs } = deps;
  const app = new Hono<AppEnv>();
  route(app, contracts.startPublish, async ({ site }) => {
    const publishId = await jobs.start(site.id);
    return { publishId, events: `/api/site/${site.id}/publish/${publishId}/events` };
  });
  route(app, contracts.publishStatus, async ({ c, site, params }) => {
    const row = await jobs.status(site.id, params.publishId);
    if (!row || row.siteId !== site.id) throw notFound('publishNotFound');
    const { errorKey, errorValues, ...rest } = row;
    // A keyed failure is worded in the caller's language; a row from before keys keeps its text.
    const error = isMessageKey(errorKey) ? messageText(errorKey, languageFromAcceptLanguage(c.req.header('accept-language')), errorValues ?? {}) : row.error;
    return { ...rest, error, errorKey: isMessageKey(errorKey) ? errorKey : null, startedAt: row.startedAt.toISOString(), finishedAt: row.finishedAt?.toISOString() ?? null };
  });
  route(app, contracts.publishEvents, async ({ c, site, params }) => {
    const queue: PublishEvent[] = [];
    const wakeUp: { wake?: () => void } = {};
    const watch = await jobs.watch(site.id, params.publishId, (event) => {
      queue.push(event);
      wakeUp.wake?.();
    });
    if (!watch) throw notFound('publishNotFound');
    return publishEventStream(c, watch, queue, wakeUp);
  });
  route(app, contracts.listVersions, async ({ site }) => ({ versions: await listVersions(storage, site.id) }));
  route(app, contracts.rollback, async ({ site, params }) => {
    const version = versionParam.safeParse(params.version);
    if (!version.success) throw notFound('versionNotFound');
    const live = await rollbackSite(db, storage, site.id, version.data);
    if (!live) throw notFound('versionNotFound');
    return { live };
  });
  route(app, contracts.unpublishSite, async ({ c, site }) => {
    if (!(await unpublishSite(db, storage, site.id))) throw notFound('siteNotPublished');
    return { message: messageText('siteUnpublished', languageFromAcceptLanguage(c.req.header('accept-language'))) };
  });
  const exports = exportSlots();
  route(app, contracts.exportSite, ({ site }) => exportResponse(storage, exports, site.id));
  return app;
}
