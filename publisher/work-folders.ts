import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import { join } from 'node:path';
import { isAlive } from './child-processes.ts';

/**
 * Where uploads, bulk ZIPs and encodes keep their temporary files: DATA_DIR/tmp once the server
 * or a worker said so (the system's temporary folder before, for tests and scripts). Each folder
 * is named with the process that made it, so a start sweeps what a killed process left and never
 * a sibling's (several app nodes may share DATA_DIR).
 */
let root = os.tmpdir();

export function keepWorkFoldersIn(folder: string): void {
  root = folder;
}

/** A new empty folder of this process, `prefix` naming what it is for (`swipegrid-hls-`). */
export async function makeWorkFolder(prefix: string): Promise<string> {
  await mkdir(root, { recursive: true });
  return mkdtemp(join(root, `${prefix}${process.pid}-`));
}

/** Removes the folders under `folder` whose process has ended; answers how many. */
export async function sweepWorkFolders(folder: string): Promise<number> {
  let removed = 0;
  for (const name of await readdir(folder).catch(() => [])) {
    const owner = Number(/^swipegrid-[a-z]+-(\d+)-/.exec(name)?.[1]);
    if (owner && (owner === process.pid || isAlive(owner))) continue;
    await rm(join(folder, name), { recursive: true, force: true });
    removed++;
  }
  return removed;
}
