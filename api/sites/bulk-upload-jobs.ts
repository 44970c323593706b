import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type yauzl from 'yauzl';
import type { BadEntry, BulkUploadEvent } from '../../model/bulk-upload.ts';
import { IMAGE_EXTENSIONS } from '../../model/constants.ts';
import type { Storage } from '../../storage/storage.ts';
import type { Db } from '../db/open-database.ts';
import { AppError } from '../http/errors.ts';
import type { UploadedFile } from '../http/uploaded-file.ts';
import { MAX_IMAGE_BYTES, storeUpload } from './store-upload.ts';
import { type InflateBudget, inflateEntry, isNoise, openZip } from './zip-entries.ts';
import { makeWorkFolder } from '../../publisher/work-folders.ts';

/** An image of the ZIP, stored as the site's medium, waiting to be placed. */
export type StoredImage = { name: string; url: string };

type Job = {
  id: string;
  siteId: string;
  state: 'running' | 'done' | 'failed';
  events: BulkUploadEvent[];
  listeners: Set<(event: BulkUploadEvent) => void>;
  images: StoredImage[];
  bad: BadEntry[];
  finished: Promise<void>;
  finishedAt: number;
};

const IMAGE_NAME = new RegExp(`\\.(${IMAGE_EXTENSIONS.join('|')})$`, 'i');
/** How long the images of a finished upload wait for its completion. */
const KEPT_MS = 60 * 60 * 1000;
/** Archives being received or read at once, over all sites: each holds up to 1 GB of temporary disk. */
const MAX_ACTIVE = 4;

const badOf = (name: string, error: AppError): BadEntry => ({ name, key: error.key, values: { ...error.values } });

/**
 * Bulk uploads of ZIPs of page images: one at a time per site, from the moment its ZIP starts
 * arriving until it has been read. Each job reads its ZIP entry by entry (streamed, never whole),
 * stores each image through the normal upload checks, and keeps its events so a client that
 * connects late still sees the whole progress; its images wait for `claim` (the completion).
 */
export function createBulkUploads(deps: { db: Db; storage: Storage }) {
  const jobs = new Map<string, Job>();
  const active = new Set<string>();

  function emit(job: Job, event: BulkUploadEvent) {
    const last = job.events.at(-1);
    if (event.type === 'progress' && last?.type === 'progress') job.events[job.events.length - 1] = event;
    else job.events.push(event);
    for (const listener of job.listeners) listener(event);
  }

  function prune(now: number) {
    for (const [id, job] of jobs) if (job.state !== 'running' && now - job.finishedAt > KEPT_MS) jobs.delete(id);
  }

  async function run(job: Job, site: { id: string; ownerId: string }, opened: { zip: yauzl.ZipFile; entries: yauzl.Entry[]; file: UploadedFile; release: () => void }) {
    const { zip, entries, file, release } = opened;
    const folder = await makeWorkFolder('swipegrid-bulk-');
    const budget: InflateBudget = { inflated: 0 };
    let last: BulkUploadEvent;
    try {
      const candidates = entries.filter((entry) => !isNoise(entry));
      let done = 0;
      for (const entry of candidates) {
        const name = entry.fileName;
        if (!IMAGE_NAME.test(name)) job.bad.push(badOf(name, new AppError('unsupported_media', 'unsupportedFormat')));
        else await storeEntry(job, site, zip, entry, join(folder, String(done)), budget);
        emit(job, { type: 'progress', done: ++done, total: candidates.length, name });
      }
      if (job.images.length === 0) throw new AppError('bad_request', 'zipNoImages');
      job.state = 'done';
      last = { type: 'done', images: job.images.length, bad: job.bad };
    } catch (error) {
      job.state = 'failed';
      if (!(error instanceof AppError)) console.error(`bulk upload ${job.id} of site ${job.siteId} failed:`, error);
      const refusal = error instanceof AppError ? error : new AppError('internal', 'bulkUploadFailed');
      last = { type: 'failed', key: refusal.key, values: { ...refusal.values } };
    } finally {
      job.finishedAt = Date.now();
      zip.close();
      await rm(folder, { recursive: true, force: true });
      await file.dispose();
      release();
    }
    // Told last: a client told the upload ended may start the next one at once.
    emit(job, last);
  }

  async function storeEntry(job: Job, site: { id: string; ownerId: string }, zip: yauzl.ZipFile, entry: yauzl.Entry, path: string, budget: InflateBudget) {
    const name = entry.fileName;
    const base = name.split('/').pop() ?? name;
    try {
      const inflated = await inflateEntry(zip, entry, path, budget, MAX_IMAGE_BYTES);
      if (inflated === 'tooLarge') {
        job.bad.push(badOf(name, new AppError('payload_too_large', 'fileTooLarge', { values: { file: base, max: MAX_IMAGE_BYTES / 1024 / 1024 } })));
        return;
      }
      const stored = await storeUpload(deps.db, deps.storage, site, { name: base, path, size: entry.uncompressedSize });
      if (stored.kind !== 'image') job.bad.push(badOf(name, new AppError('unsupported_media', 'unsupportedFormat')));
      else job.images.push({ name, url: stored.url });
    } catch (error) {
      // A bomb refuses the whole archive; any other refusal names this entry only.
      if (error instanceof AppError && error.key !== 'zipBomb') job.bad.push(badOf(name, error));
      else throw error;
    } finally {
      await rm(path, { force: true });
    }
  }

  return {
    /**
     * Holds the site's one place for a bulk upload (and one of the few over all sites) while its
     * ZIP arrives; the returned release is called once the job has ended, or at once if it never starts.
     */
    take(siteId: string): () => void {
      if (active.has(siteId)) throw new AppError('too_many_requests', 'bulkUploadRunning');
      if (active.size >= MAX_ACTIVE) throw new AppError('too_many_requests', 'tooManyRequests');
      active.add(siteId);
      let held = true;
      return () => {
        if (held) active.delete(siteId);
        held = false;
      };
    },
    /**
     * Opens the received ZIP (refusing one that is not a ZIP, lists too many entries or names no
     * image) and starts reading it in the background. The file is disposed of and the site's
     * place released when the job ends, or now if it is refused.
     */
    async start(site: { id: string; ownerId: string }, file: UploadedFile, release: () => void): Promise<{ uploadId: string; entries: number }> {
      let started = false;
      try {
        const { zip, entries } = await openZip(file.path, file.name || 'file');
        const candidates = entries.filter((entry) => !isNoise(entry));
        if (!candidates.some((entry) => IMAGE_NAME.test(entry.fileName))) {
          zip.close();
          throw new AppError('bad_request', 'zipNoImages');
        }
        prune(Date.now());
        const job: Job = { id: randomUUID(), siteId: site.id, state: 'running', events: [], listeners: new Set(), images: [], bad: [], finished: Promise.resolve(), finishedAt: 0 };
        jobs.set(job.id, job);
        job.finished = run(job, site, { zip, entries, file, release });
        started = true;
        return { uploadId: job.id, entries: candidates.length };
      } finally {
        if (!started) {
          await file.dispose();
          release();
        }
      }
    },
    /** The events so far, and a subscription to those still to come; null for an unknown job. */
    watch(siteId: string, uploadId: string, listener: (event: BulkUploadEvent) => void): { past: BulkUploadEvent[]; stop: () => void } | null {
      const job = jobs.get(uploadId);
      if (!job || job.siteId !== siteId) return null;
      job.listeners.add(listener);
      return { past: [...job.events], stop: () => job.listeners.delete(listener) };
    },
    /** Resolves when the job has ended (for tests). */
    finished(uploadId: string): Promise<void> {
      return jobs.get(uploadId)?.finished ?? Promise.resolve();
    },
    /** The images and bad entries of a finished upload, taken once: a second completion finds nothing. */
    claim(siteId: string, uploadId: string): { images: StoredImage[]; bad: BadEntry[] } {
      const job = jobs.get(uploadId);
      if (!job || job.siteId !== siteId) throw new AppError('not_found', 'bulkUploadNotFound');
      if (job.state === 'running') throw new AppError('conflict', 'bulkUploadNotFinished');
      jobs.delete(uploadId);
      if (job.state === 'failed') throw new AppError('bad_request', 'bulkUploadCompleteFailed');
      return { images: job.images, bad: job.bad };
    },
  };
}
