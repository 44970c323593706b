import { z } from 'zod';
import { contract, type Contract } from './contract.ts';
import { change, read } from './policy.ts';

const publishStartedSchema = z.object({ publishId: z.string(), events: z.string() });

/** A publish as it stands: running, done (with its version) or failed (with why). */
const publishStatusSchema = z.object({
  id: z.string(),
  siteId: z.string(),
  status: z.string(),
  version: z.number().int().nullable(),
  stats: z.unknown(),
  /** Why it failed, in the caller's language. */
  error: z.string().nullable(),
  /** The message key of `error`, for a client that words it itself (null for a failure from before keys). */
  errorKey: z.string().nullable(),
  startedAt: z.iso.datetime(),
  finishedAt: z.iso.datetime().nullable(),
});

const versionSummarySchema = z.object({ version: z.number().int().positive(), createdAt: z.string(), files: z.number().int().nonnegative(), live: z.boolean() });
const livePointerSchema = z.object({ version: z.number().int().positive(), switchedAt: z.string() });

/** Publishing a site, following its progress, its versions and rollback (the design's publish pipeline). */
export const publishingContracts = {
  startPublish: contract({
    method: 'POST',
    path: '/site/:id/publish',
    origin: 'admin',
    summary: 'Start publishing the draft; follow the returned events stream',
    // A plan without `swipe` builds drafts but publishes no swipe site (docs/decisions.md).
    policy: change('site', { planFlag: 'swipe' }),
    response: publishStartedSchema,
    status: 202,
  }),
  publishStatus: contract({ method: 'GET', path: '/site/:id/publish/:publishId', origin: 'admin', summary: 'One publish and how it ended', policy: read('site'), response: publishStatusSchema }),
  publishEvents: contract({
    method: 'GET',
    path: '/site/:id/publish/:publishId/events',
    origin: 'admin',
    summary: 'The progress of a publish as server-sent events: progress, then done or failed',
    policy: read('site'),
    response: {
      kind: 'raw',
      contentType: 'text/event-stream',
      description: 'events `progress` {step, done, total}, then `done` {result} or `failed` {key, values, message}: why, as a message key and in the caller’s language',
    },
  }),
  listVersions: contract({
    method: 'GET',
    path: '/site/:id/versions',
    origin: 'admin',
    summary: 'Published versions, newest first',
    policy: read('site'),
    response: z.object({ versions: z.array(versionSummarySchema) }),
  }),
  rollback: contract({
    method: 'POST',
    path: '/site/:id/versions/:version/rollback',
    origin: 'admin',
    summary: 'Make an earlier version live again',
    policy: change('site'),
    response: z.object({ live: livePointerSchema }),
  }),
  unpublishSite: contract({
    method: 'POST',
    path: '/site/:id/unpublish',
    origin: 'admin',
    summary: 'Take the site off the air: its pages answer 404 until the next publish or rollback; its versions are kept',
    policy: change('site'),
    response: z.object({ message: z.string().describe('siteUnpublished, in the caller’s language') }),
  }),
  exportSite: contract({
    method: 'GET',
    path: '/site/:id/export.zip',
    origin: 'admin',
    summary: "Download the live version's public files as a ZIP, to serve from any static file server",
    // Read, not change: it holds only what visitors can already fetch, and taking a site out stays open to a suspended contract.
    policy: read('site'),
    response: {
      kind: 'raw',
      contentType: 'application/zip',
      description: 'the pages at the folder they were published for, `_astro/` and the `media/` they use at the root; never members-only data; one export per site at a time',
    },
    limited: true,
  }),
} satisfies Record<string, Contract>;
