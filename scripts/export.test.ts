import { spawn } from 'node:child_process';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, pngBytes, type TestContext } from '../api/test-support.ts';
import { EXPORT_RECORD } from '../publisher/export-targets.ts';
import { exportTree } from '../publisher/export-tree.ts';

let ctx: TestContext;
beforeEach(async () => {
  ctx = await createTestContext();
});
afterEach(async () => {
  await ctx.cleanup();
});

/** Runs the script against the test context's storage, as `npm run export -- …` would with that setting. */
function run(args: string[], env: Record<string, string> = {}): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['scripts/export.ts', ...args], { env: { ...process.env, DATA_DIR: ctx.dir, STORAGE_DIR: path.join(ctx.dir, 'storage'), ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

async function publishedSite(): Promise<string> {
  const view = await ctx.createSite({ numberHorizontal: 2, numberVertical: 1, languages: ['jp'] });
  const { url } = await ctx.uploadMedia(view.id, await pngBytes(60, 90, '#336699'), 'cover.png');
  for (const creative of view.creatives) await ctx.writePage(view.id, creative.pages[0]!.id, 'jp', { detail: { imageUrl: url, mainText: creative.letters } });
  await ctx.publish(view.id);
  return view.id;
}

describe('npm run export', () => {
  it('writes the live version as a ZIP file with the tree of the export', async () => {
    const siteId = await publishedSite();
    const out = path.join(ctx.dir, 'site.zip');
    const result = await run(['--site', siteId, '--out', out]);
    expect(result.status, result.stderr).toBe(0);
    const entries = unzipSync(new Uint8Array(await readFile(out)));
    const tree = (await exportTree(ctx.storage, siteId))!;
    expect(Object.keys(entries).sort()).toEqual(tree.entries.map((entry) => entry.path).sort());
  });

  it('writes a folder, and a second run writes nothing when nothing changed', async () => {
    const siteId = await publishedSite();
    const folder = path.join(ctx.dir, 'tree');
    const first = await run(['--site', siteId, '--dir', folder]);
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/(\d+) files, \1 written, 0 unchanged/);
    expect((await stat(path.join(folder, 'B1/index.html'))).isFile()).toBe(true);
    const second = await run(['--site', siteId, '--dir', folder]);
    expect(second.stdout).toMatch(/(\d+) files, 0 written, \1 unchanged, 0 removed/);
  });

  it('writes the export bucket named by EXPORT_STORAGE_DIR, and refuses the main storage as one', async () => {
    const siteId = await publishedSite();
    const bucket = path.join(ctx.dir, 'bucket');
    const result = await run(['--site', siteId, '--to-storage'], { EXPORT_STORAGE_DIR: bucket });
    expect(result.status, result.stderr).toBe(0);
    expect(JSON.parse(await readFile(path.join(bucket, 'files', EXPORT_RECORD), 'utf8'))).toMatchObject({ siteId, version: 1 });
    const refused = await run(['--site', siteId, '--to-storage'], { EXPORT_STORAGE_DIR: path.join(ctx.dir, 'storage') });
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('EXPORT_STORAGE_DIR');
  });

  it('says so for a site never published, and shows its usage without one mode', async () => {
    const view = await ctx.createSite();
    const unpublished = await run(['--site', view.id, '--out', path.join(ctx.dir, 'x.zip')]);
    expect(unpublished.status).toBe(1);
    expect(unpublished.stderr).toContain('no published version');
    const twoModes = await run(['--site', view.id, '--out', 'x.zip', '--to-storage']);
    expect(twoModes.status).toBe(2);
    expect(twoModes.stderr).toContain('Usage');
  });
});
