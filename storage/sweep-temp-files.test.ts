import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readdir, rm, utimes, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFsStorage } from './fs-storage.ts';
import { sweepTempFiles } from './sweep-temp-files.ts';
import { tempFileName } from './temp-file-name.ts';

let root: string;

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'sg-sweep-'));
});
afterEach(() => rm(root, { recursive: true, force: true }));

describe('sweepTempFiles', () => {
  it("removes the temp files a crash left at any depth, keeps every object and a running writer's fresh temp file", async () => {
    const storage = createFsStorage({ root, publicBaseUrl: '/' });
    await storage.put('sites/a/live.json', new TextEncoder().encode('{"version":1}'));
    await storage.put('objects/abc', new TextEncoder().encode('page'));
    const stale = [path.join(root, '.~tmp-0001'), path.join(root, 'sites', 'a', '.~tmp-0002'), path.join(root, 'objects', '.~tmp-0003')];
    for (const file of stale) {
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, 'half');
      const hourAgo = new Date(Date.now() - 60 * 60 * 1000);
      await utimes(file, hourAgo, hourAgo);
    }
    const fresh = path.join(root, 'sites', 'a', '.~tmp-0004');
    await writeFile(fresh, 'being written');

    expect(await sweepTempFiles(root)).toBe(3);
    const left = (await readdir(root, { recursive: true })).filter((name) => name.includes('.~tmp-'));
    expect(left.map((name) => path.basename(name))).toEqual(['.~tmp-0004']);
    expect(new TextDecoder().decode((await storage.get('sites/a/live.json'))?.body)).toBe('{"version":1}');
    expect((await storage.get('objects/abc'))?.body).toBeDefined();
  });

  it('removes at once, whatever its age, a temp file whose writer process has died; keeps those of live writers', async () => {
    const child = spawn(process.execPath, ['-e', '']);
    await once(child, 'exit');
    const ours = tempFileName();
    const ofDead = ours.replace(`-${process.pid}-`, `-${child.pid}-`);
    const ofLive = ours.replace(`-${process.pid}-`, `-${process.ppid}-`);
    // The same pid as ours but another run of it: an earlier process that had our pid.
    const ofEarlierRun = ours.replace(/-(\d+)-([0-9a-f]{8})-/, (_, pid: string, run: string) => `-${pid}-${run === '00000000' ? '11111111' : '00000000'}-`);
    await mkdir(path.join(root, 'objects'), { recursive: true });
    for (const name of [ours, ofDead, ofLive, ofEarlierRun]) await writeFile(path.join(root, 'objects', name), 'half');

    expect(await sweepTempFiles(root)).toBe(2);
    expect((await readdir(path.join(root, 'objects'))).sort()).toEqual([ours, ofLive].sort());
  });

  it('answers 0 for a folder that does not exist yet (a first start)', async () => {
    expect(await sweepTempFiles(path.join(root, 'missing'))).toBe(0);
  });
});
