import { createHash, randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { RESERVED_SEGMENT_PREFIX } from './storage.ts';

/**
 * Temp files are named after the process writing them: `.~tmp-{host}-{pid}-{run}-{random}`
 * (`host` a short hash of the host name, `run` random per process start). The start-up sweep
 * can then tell a temp file whose writer is dead (a killed process: remove it now) from one a
 * running writer still owns (a rebuild in another process: leave it), without waiting for an
 * age; `run` tells this process from an earlier one that had the same pid.
 */
const HOST = createHash('sha256').update(hostname()).digest('hex').slice(0, 8);
const RUN = randomBytes(4).toString('hex');

export function tempFileName(): string {
  return `${RESERVED_SEGMENT_PREFIX}${HOST}-${process.pid}-${RUN}-${randomBytes(8).toString('hex')}`;
}

/** Who wrote a temp file: 'this process', 'dead' (its writer has stopped), or 'unknown' (another host, another live process, or an older name without an owner). */
export function tempFileWriter(name: string): 'this process' | 'dead' | 'unknown' {
  const match = /^([0-9a-f]{8})-(\d+)-([0-9a-f]{8})-[0-9a-f]+$/.exec(name.slice(RESERVED_SEGMENT_PREFIX.length));
  if (!name.startsWith(RESERVED_SEGMENT_PREFIX) || !match || match[1] !== HOST) return 'unknown';
  const pid = Number(match[2]);
  if (pid === process.pid) return match[3] === RUN ? 'this process' : 'dead';
  return isRunning(pid) ? 'unknown' : 'dead';
}

function isRunning(pid: number): boolean {
  try {
    // Signal 0 checks the process exists without touching it.
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    return typeof error === 'object' && error !== null && 'code' in error && error.code === 'EPERM';
  }
}
