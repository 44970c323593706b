import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { killLeftoverChildren } from './child-processes.ts';
import { FFMPEG, FFPROBE } from './ffmpeg.ts';

let dir: string;
const started = new Set<ChildProcess>();

beforeAll(async () => {
  dir = await mkdtemp(join(os.tmpdir(), 'swipegrid-children-test-'));
});

afterAll(async () => {
  for (const child of started) child.kill('SIGKILL');
  await rm(dir, { recursive: true, force: true });
});

/** A process of this test, in a group of its own as runTool starts tools. */
function start(program: string, args: string[]): ChildProcess {
  const child = spawn(program, args, { stdio: 'ignore', detached: true });
  started.add(child);
  child.once('exit', () => started.delete(child));
  return child;
}

/** The pid of a process that has ended: the owner of a pid file left by a kill -9. */
async function deadPid(): Promise<number> {
  const child = spawn('/bin/true');
  await once(child, 'exit');
  return child.pid!;
}

describe('leftover tools of a stopped process', () => {
  it('kills a recorded ffmpeg, spares a recorded pid now running another program, and removes the pid file', async () => {
    const encoder = start(FFMPEG, ['-hide_banner', '-nostdin', '-v', 'error', '-re', '-f', 'lavfi', '-i', 'testsrc=s=64x48:r=5', '-t', '120', '-f', 'null', '-']);
    // After a reboot or a long stop the number may belong to anything: here, a sleep.
    const stranger = start('/bin/sleep', ['120']);
    const owner = await deadPid();
    const file = join(dir, `children-${owner}.pids`);
    await writeFile(file, `${encoder.pid}\n${stranger.pid}`);
    const ended = once(encoder, 'exit');

    expect(killLeftoverChildren(dir, [FFMPEG, FFPROBE])).toBe(1);
    expect((await ended)[1]).toBe('SIGKILL');
    expect(stranger.exitCode).toBeNull();
    expect(stranger.signalCode).toBeNull();
    expect(existsSync(file)).toBe(false);
  });

  it("leaves a live process's pid file alone", async () => {
    const file = join(dir, `children-${process.pid}.pids`);
    await writeFile(file, '');
    expect(killLeftoverChildren(dir, [FFMPEG, FFPROBE])).toBe(0);
    expect(existsSync(file)).toBe(true);
  });
});

describe('this process’s record of its tools', () => {
  it('lets a process end cleanly, track a tool and remove its record when its data folder is gone', async () => {
    const folder = await mkdtemp(join(dir, 'removed-'));
    const module = new URL('./child-processes.ts', import.meta.url).href;
    // A process of its own: the exit handler is process-wide. Its data folder goes first, as a test's cleanup does.
    const script = [
      `import { rmSync } from 'node:fs';`,
      `import { recordChildrenIn, trackChild } from ${JSON.stringify(module)};`,
      `recordChildrenIn(${JSON.stringify(join(folder, 'run'))});`,
      `rmSync(${JSON.stringify(folder)}, { recursive: true, force: true });`,
      'trackChild(2147483646);',
    ].join('\n');
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const [code] = await once(child, 'exit');
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
  });

  it('leaves no record behind after a clean exit', async () => {
    const folder = join(dir, 'clean-exit');
    const module = new URL('./child-processes.ts', import.meta.url).href;
    const script = `import { recordChildrenIn } from ${JSON.stringify(module)};\nrecordChildrenIn(${JSON.stringify(folder)});`;
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: 'ignore' });
    await once(child, 'exit');
    expect(existsSync(join(folder, `children-${child.pid}.pids`))).toBe(false);
    expect(existsSync(folder)).toBe(true);
  });
});
