import { z } from 'zod';
import { bulkDetailInputSchema } from '../bulk-detail.ts';
import { badEntrySchema, bulkUploadCompleteSchema, bulkUploadStartedSchema, placedImageSchema } from '../bulk-upload.ts';
import { MAX_ZIP_BYTES } from '../constants.ts';
import { siteViewSchema } from '../site-view.ts';
import { contract, type Contract } from './contract.ts';
import { change, read } from './policy.ts';

/** `?lang=xx`: the language the answer's site view is in; the site's default when absent. */
const langQuerySchema = z.object({ lang: z.string().optional() });

/** Creative settings of B §2 over many pages at once: the bulk upload of a ZIP of images, and bulk detail settings. */
export const bulkContracts = {
  startBulkUpload: contract({
    method: 'POST',
    path: '/site/:id/bulk-upload/start',
    origin: 'admin',
    summary: 'Send a ZIP of page images; it is read on the server, each image checked and stored; follow the returned events stream',
    policy: change('site'),
    body: {
      kind: 'upload',
      field: 'file',
      description: `One ZIP, at most ${MAX_ZIP_BYTES / 1024 ** 3} GB, of images (JPG, PNG) in the order of their names; refused as a ZIP bomb past its entry, size or ratio limits`,
      maxFileBytes: MAX_ZIP_BYTES,
    },
    response: bulkUploadStartedSchema,
    status: 202,
    limited: true,
  }),
  bulkUploadEvents: contract({
    method: 'GET',
    path: '/site/:id/bulk-upload/:uploadId/events',
    origin: 'admin',
    summary: 'The progress of a bulk upload as server-sent events: progress, then done or failed',
    policy: read('site'),
    response: {
      kind: 'raw',
      contentType: 'text/event-stream',
      description: 'events `progress` {done, total, name}, then `done` {images, bad} or `failed` {key, values}',
    },
  }),
  completeBulkUpload: contract({
    method: 'POST',
    path: '/site/:id/bulk-upload/complete',
    origin: 'admin',
    summary: 'Place the images of a finished bulk upload on the pages in order (column A top to bottom, then B…), in one change',
    policy: change('site'),
    query: langQuerySchema,
    body: bulkUploadCompleteSchema,
    response: z.object({ placed: z.array(placedImageSchema), bad: z.array(badEntrySchema), site: siteViewSchema }),
  }),
  bulkDetail: contract({
    method: 'PUT',
    path: '/site/:id/pages/detail',
    origin: 'admin',
    summary: 'Apply the same colours, arrow, link button, SNS and company toggles or members-only lock to the chosen pages, in one change',
    policy: change('site'),
    query: langQuerySchema,
    body: bulkDetailInputSchema,
    response: z.object({ site: siteViewSchema }),
  }),
} satisfies Record<string, Contract>;
