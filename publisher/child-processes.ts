import { readdirSync, readFileSync, renameSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The tools (ffmpeg, ffprobe) this process has running, each the leader of its own process
 * group, so that killing the group also ends whatever it forked. They end with the server: at
 * any exit of this process, and, after a kill -9 that gave it no chance, at the next start, from
 * the pid file each process keeps under DATA_DIR (docs/decisions.md, "No orphan encoders").
 */
const running = new Set<number>();
let pidFile: string | undefined;
let stopping = false;

const FILE_PREFIX = 'children-';

/** Starts keeping this process's children in `folder` (DATA_DIR/run), one file per server process. */
export function recordChildrenIn(folder: string): void {
  mkdirSync(folder, { recursive: true });
  // Another start in the same process (tests start several servers) moves the file; one exit handler is enough.
  if (!pidFile) process.once('exit', killChildren);
  pidFile = join(folder, `${FILE_PREFIX}${process.pid}.pids`);
  writePidFile();
}

/** Whether this process is ending its tools because it stops: their failure then says nothing of their input. */
export function stoppingChildren(): boolean {
  return stopping;
}

export function trackChild(pid: number): void {
  running.add(pid);
  writePidFile();
}

export function untrackChild(pid: number): void {
  running.delete(pid);
  writePidFile();
}

/** Kills every running tool's whole group; synchronous, so it also runs in an `exit` handler. */
export function killChildren(): void {
  stopping = true;
  for (const pid of running) killGroup(pid);
  running.clear();
  // Nothing of this process runs any more: no record for the next start to read.
  if (pidFile) rmSync(pidFile, { force: true });
}

/**
 * Kills the tools a stopped process (its pid file's owner is dead) left running, and removes its
 * pid file. A recorded pid is killed only while it still runs one of `programs`: after a reboot
 * or a long stop the number may belong to another program. Answers how many it killed.
 */
export function killLeftoverChildren(folder: string, programs: readonly string[]): number {
  let killed = 0;
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return 0;
  }
  for (const name of names) {
    const owner = Number(/^children-(\d+)\.pids$/.exec(name)?.[1]);
    if (!owner || owner === process.pid || isAlive(owner)) continue;
    const file = join(folder, name);
    const pids = readFileSync(file, 'utf8').split('\n').map(Number).filter(Number.isInteger);
    for (const pid of pids) {
      if (pid > 1 && programs.includes(programOf(pid) ?? '')) {
        killGroup(pid);
        killed++;
      }
    }
    rmSync(file, { force: true });
  }
  return killed;
}

/** The program a process runs (its argv[0]), or null when it has ended. */
function programOf(pid: number): string | null {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[0] ?? null;
  } catch {
    return null;
  }
}

/** Whether a process still runs (EPERM: it runs, as another user). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error instanceof Error && 'code' in error && error.code === 'EPERM';
  }
}

/** Kills a tool and whatever it forked (it leads its own group). */
export function killGroup(pid: number): void {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // Already ended.
  }
}

function writePidFile(): void {
  if (!pidFile) return;
  // Written whole then renamed: a kill mid-write must not leave a half list the next start misreads.
  const next = `${pidFile}.next`;
  try {
    writeFileSync(next, [...running].join('\n'));
    renameSync(next, pidFile);
  } catch {
    // The record only serves a start after a kill -9. A folder that is gone (a server's data removed
    // after it stopped, in tests) or full must not fail an encode, nor throw from the exit handler:
    // this process still ends its own tools.
  }
}
