import { type BadEntry, bulkUploadEventSchema, bulkUploadStartedSchema } from '../../../../../model/bulk-upload.ts';
import { errorResponseSchema } from '../../../../../model/contracts/error-response.ts';
import type { Language } from '../../../../../model/language.ts';
import { request } from '../../api/request.ts';
import type { SiteView } from '../../api/types.ts';
import { acceptLanguage } from '../../i18n/i18n.tsx';
import { messageIn } from '../../i18n/messages.ts';

/** Where a bulk upload stands: the ZIP's bytes on their way, then its entries read on the server. */
export type BulkProgress = { phase: 'sending'; percent: number } | { phase: 'reading'; done: number; total: number; percent: number };

export type BulkResult = { placed: number; bad: BadEntry[]; site: SiteView };

/** Sending is the first 30 % of the bar, reading the server's entries the rest. */
const SENDING_SHARE = 30;

/** A refusal worded by the server (in the console's language), or by its key once the texts are here. */
export class BulkUploadError extends Error {}

/**
 * Sends the ZIP with the progress of its bytes (XMLHttpRequest: fetch reports no upload
 * progress), answering the started upload, or throwing the server's worded refusal.
 */
function send(siteId: string, file: File, lang: Language, onProgress: (progress: BulkProgress) => void): Promise<{ uploadId: string; events: string }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/site/${encodeURIComponent(siteId)}/bulk-upload/start`);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.setRequestHeader('accept-language', acceptLanguage(lang));
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress({ phase: 'sending', percent: Math.round((event.loaded / event.total) * SENDING_SHARE) });
    };
    xhr.onerror = () => reject(new BulkUploadError(xhr.statusText || 'network error'));
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // A body that is not JSON (a proxy's page): worded by its status below.
      }
      const started = bulkUploadStartedSchema.safeParse(body);
      if (xhr.status === 202 && started.success) return resolve(started.data);
      const refusal = errorResponseSchema.safeParse(body);
      reject(new BulkUploadError(refusal.success ? refusal.data.message : `${xhr.status} ${xhr.statusText}`));
    };
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

/** Follows the upload's server-sent events until it is read (done) or refused (failed, worded from its key). */
function follow(events: string, lang: Language, onProgress: (progress: BulkProgress) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const source = new EventSource(events);
    const read = (message: Event) => bulkUploadEventSchema.parse(JSON.parse((message as MessageEvent<string>).data));
    source.addEventListener('progress', (message) => {
      const event = read(message);
      if (event.type === 'progress')
        onProgress({ phase: 'reading', done: event.done, total: event.total, percent: SENDING_SHARE + Math.round((event.done / Math.max(event.total, 1)) * (100 - SENDING_SHARE)) });
    });
    source.addEventListener('done', () => {
      source.close();
      resolve();
    });
    source.addEventListener('failed', (message) => {
      source.close();
      const event = read(message);
      if (event.type !== 'failed') return reject(new BulkUploadError(''));
      void messageIn(lang, event.key, event.values).then((text) => reject(new BulkUploadError(text)), reject);
    });
    source.onerror = () => {
      // The stream closes after its last event; an error before it means the connection was lost.
      if (source.readyState === EventSource.CLOSED) reject(new BulkUploadError('connection lost'));
    };
  });
}

/**
 * A bulk upload through the server (B §2 creative settings): the ZIP is sent, read there entry by
 * entry with progress, then completed, which places its images on the pages in order.
 */
export async function bulkUploadZip(site: SiteView, file: File, lang: Language, onProgress: (progress: BulkProgress) => void): Promise<BulkResult> {
  onProgress({ phase: 'sending', percent: 0 });
  const { uploadId, events } = await send(site.id, file, lang, onProgress);
  await follow(events, lang, onProgress);
  const completed = await request('POST /site/:id/bulk-upload/complete', { params: { id: site.id }, query: { lang: site.lang }, body: { uploadId } }, { quiet: true });
  return { placed: completed.placed.length, bad: completed.bad, site: completed.site };
}
