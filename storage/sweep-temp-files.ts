import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { RESERVED_SEGMENT_PREFIX } from './storage.ts';

/** A temp file younger than this may belong to a writer still running (another process: a rebuild, say). */
const DEFAULT_MIN_AGE_MS = 10 * 60 * 1000;

/**
 * Removes the fs driver's temp files (`.~tmp-…`) that a crash left behind under `root`: a write
 * makes one, fsyncs it and renames it into place, so a temp file older than `minAgeMs` is one
 * whose process died between the two. Younger ones are left to the writer that may still own
 * them. Answers how many it removed.
 * @example await sweepTempFiles('./data/storage') // 0 after a clean stop
 */
export async function sweepTempFiles(root: string, minAgeMs = DEFAULT_MIN_AGE_MS, now = Date.now()): Promise<number> {
  let removed = 0;
  const entries = await readdir(root, { withFileTypes: true, recursive: true }).catch(() => []);
  for (const entry of entries) {
    if (!entry.isFile() || !entry.name.startsWith(RESERVED_SEGMENT_PREFIX)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const info = await stat(file).catch(() => null);
    if (!info || now - info.mtimeMs < minAgeMs) continue;
    await rm(file, { force: true });
    removed++;
  }
  return removed;
}
