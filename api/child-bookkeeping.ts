import { join } from 'node:path';
import { killLeftoverChildren, recordChildrenIn } from '../publisher/child-processes.ts';
import { FFMPEG, FFPROBE } from '../publisher/ffmpeg.ts';
import { sweepWorkFolders, keepWorkFoldersIn } from '../publisher/work-folders.ts';

/**
 * Where a server or worker keeps its encoders' pids (DATA_DIR/run) and its temporary folders
 * (DATA_DIR/tmp): what a killed run left in either is ended or removed here, before this run
 * starts any of its own (docs/decisions.md, "No orphan encoders").
 */
export function startChildBookkeeping(dataDir: string): { killed: number; swept: Promise<number> } {
  const run = join(dataDir, 'run');
  const tmp = join(dataDir, 'tmp');
  const killed = killLeftoverChildren(run, [FFMPEG, FFPROBE]);
  recordChildrenIn(run);
  keepWorkFoldersIn(tmp);
  return { killed, swept: sweepWorkFolders(tmp) };
}
