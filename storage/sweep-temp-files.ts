import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { RESERVED_SEGMENT_PREFIX } from './storage.ts';
import { tempFileWriter } from './temp-file-name.ts';

/** A temp file younger than this may belong to a writer still running (another process: a rebuild, say). */
const DEFAULT_MIN_AGE_MS = 10 * 60 * 1000;

/**
 * Removes the fs driver's temp files (`.~tmp-…`) that a crash left behind under `root`: a write
 * makes one, fsyncs it and renames it into place, so a temp file left over is one whose process
 * died between the two. A temp file whose writer is known dead (its name says which process on
 * this host wrote it: temp-file-name.ts) goes at once, whatever its age; this process's own are
 * kept; one of another live process or of unknown origin goes once older than `minAgeMs`.
 * Answers how many it removed.
 * @example await sweepTempFiles('./data/storage') // 0 after a clean stop
 */
export async function sweepTempFiles(root: string, minAgeMs = DEFAULT_MIN_AGE_MS, now = Date.now()): Promise<number> {
  let removed = 0;
  const entries = await readdir(root, { withFileTypes: true, recursive: true }).catch(() => []);
  for (const entry of entries) {
    if (!entry.isFile() || !entry.name.startsWith(RESERVED_SEGMENT_PREFIX)) continue;
    const writer = tempFileWriter(entry.name);
    if (writer === 'this process') continue;
    const file = path.join(entry.parentPath, entry.name);
    const info = await stat(file).catch(() => null);
    if (!info || (writer === 'unknown' && now - info.mtimeMs < minAgeMs)) continue;
    await rm(file, { force: true });
    removed++;
  }
  return removed;
}
