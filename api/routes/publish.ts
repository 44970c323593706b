import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { z } from 'zod';
import { listVersions, rollback } from '../../publisher/versions.ts';
import type { Storage } from '../../storage/storage.ts';
import type { Db } from '../db/open-database.ts';
import { sites } from '../db/schema.ts';
import { eq } from 'drizzle-orm';
import type { AppEnv } from '../env.ts';
import { notFound } from '../errors.ts';
import { findSiteForAccount } from '../services/find-site.ts';
import type { PublishEvent, PublishJobs } from '../services/publish-jobs.ts';

const versionParam = z.coerce.number().int().positive();

export function publishRoutes(deps: { db: Db; storage: Storage; jobs: PublishJobs }) {
  const { db, storage, jobs } = deps;
  return new Hono<AppEnv>()
    .post('/:id/publish', (c) => {
      const site = c.get('site');
      const publishId = jobs.start(site.id);
      return c.json({ publishId, events: `/api/site/${site.id}/publish/${publishId}/events` }, 202);
    })
    .get('/:id/publish/:publishId', (c) => {
      const site = c.get('site');
      const row = jobs.status(site.id, c.req.param('publishId'));
      if (!row || row.siteId !== site.id) throw notFound('publishNotFound');
      return c.json(row);
    })
    .get('/:id/publish/:publishId/events', (c) => {
      const site = c.get('site');
      const queue: PublishEvent[] = [];
      let wake: (() => void) | undefined;
      const watch = jobs.watch(site.id, c.req.param('publishId'), (event) => { queue.push(event); wake?.(); });
      if (!watch) throw notFound('publishNotFound');
      queue.push(...watch.past);
      return streamSSE(c, async (stream) => {
        stream.onAbort(() => { watch.stop(); wake?.(); });
        try {
          while (!stream.aborted) {
            const event = queue.shift();
            if (!event) {
              await new Promise<void>((resolve) => { wake = resolve; });
              continue;
            }
            await stream.writeSSE({ event: event.type, data: JSON.stringify(event) });
            if (event.type !== 'progress') break;
          }
        } finally {
          watch.stop();
        }
      });
    })
    .get('/:id/versions', async (c) => {
      const site = c.get('site');
      return c.json({ versions: await listVersions(storage, site.id) });
    })
    .post('/:id/versions/:version/rollback', async (c) => {
      const site = c.get('site');
      const version = versionParam.safeParse(c.req.param('version'));
      if (!version.success) throw notFound('versionNotFound');
      const pointer = await rollback(storage, site.id, version.data).catch(() => null);
      if (!pointer) throw notFound('versionNotFound');
      db.update(sites).set({ liveVersion: pointer.version, status: 'published' }).where(eq(sites.id, site.id)).run();
      return c.json({ live: pointer });
    });
}
