import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { copyFile, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestOnHost } from '../api/request-on-host.ts';
import { buildBinary } from '../scripts/build-binary.ts';
import { pageIds, signIn, visitorUrl } from './site-api.ts';

/**
 * dist/swipegrid as an install uses it: copied alone into an empty folder and run with a PATH on
 * which there is no node (nor anything else). Built once for the file (9 s at load 5 on a 2-core
 * machine, minutes under load: docs/decisions.md, "One binary"); SWIPEGRID_BINARY names one already built.
 */
let binary: string;
let dir: string;
let child: ChildProcess | undefined;

beforeAll(async () => {
  binary = process.env.SWIPEGRID_BINARY ?? (await buildBinary(() => {}));
  dir = await mkdtemp(path.join(os.tmpdir(), 'swipegrid-binary-'));
  await copyFile(binary, path.join(dir, 'swipegrid'));
}, 600_000);

afterAll(async () => {
  child?.kill('SIGKILL');
  await rm(dir, { recursive: true, force: true });
});

const bareEnv = (extra: Record<string, string> = {}) => ({ PATH: '/nonexistent', HOME: dir, PORT: '0', ...extra });

function runBinary(args: string[], extra: Record<string, string> = {}) {
  return spawnSync(path.join(dir, 'swipegrid'), args, { cwd: dir, env: bareEnv(extra), encoding: 'utf8', timeout: 120_000 });
}

/** The server's output until it printed the first operator's password (read to the end afterwards, api/server-process.ts says why). */
function startedServer(server: ChildProcess): Promise<{ adminUrl: string; siteUrl: string; email: string; password: string }> {
  return new Promise((resolve, reject) => {
    let out = '';
    server.stdout!.on('data', (chunk) => {
      out += String(chunk);
      const adminUrl = /Swipegrid admin:\s+(\S+)\/\n/.exec(out)?.[1];
      const siteUrl = /Published sites:.*\(or (\S+?)\/sites\//.exec(out)?.[1];
      const email = /First operator:\s+(\S+)/.exec(out)?.[1];
      const password = /Password:\s+(\S+)/.exec(out)?.[1];
      if (adminUrl && siteUrl && email && password) resolve({ adminUrl, siteUrl, email, password });
    });
    server.stderr!.on('data', (chunk) => (out += String(chunk)));
    server.once('exit', (code) => reject(new Error(`the binary ended (${code}) before it listened: ${out}`)));
  });
}

describe('the single binary', () => {
  it('starts in an empty folder without node on the PATH, publishes a site made through the API, serves it, and stops on SIGTERM', async () => {
    child = spawn(path.join(dir, 'swipegrid'), [], { cwd: dir, env: bareEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
    const server = await startedServer(child);
    // The native modules were unpacked into the data folder's runtime cache, named by the runtime's hash.
    const [runtime] = await readdir(path.join(dir, 'data/.runtime'));
    expect((await stat(path.join(dir, 'data/.runtime', runtime!, 'node_modules/better-sqlite3/prebuilds/linux-x64.node'))).isFile()).toBe(true);

    const api = await signIn(server, server.email, server.password);
    const site = await api.createSite({ name: 'Made by the binary', numberHorizontal: 1, numberVertical: 1, languages: ['jp'] });
    const image = await api.uploadImage(site.id, '#228844');
    await api.writePage(site.id, pageIds(site).A1!, { detail: { imageUrl: image, mainText: 'Hello from one file' } });
    await api.publish(site.id);
    const entry = await fetch(visitorUrl(server, site.id), { redirect: 'manual' });
    expect(entry.status).toBe(301);
    const target = new URL(entry.headers.get('location')!, server.siteUrl);
    const page = await requestOnHost(server.siteUrl, target.host, target.pathname);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Made by the binary');

    const exited = new Promise<number | null>((resolve) => child!.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    child = undefined;
  });

  it('runs its subcommands, and answers a bad argument with the usage and exit code 2', () => {
    expect(runBinary(['version']).stdout).toMatch(/^swipegrid \d+\.\d+\.\d+ \(node v24/);
    expect(runBinary(['--help']).stdout).toContain('create-operator');
    const unknown = runBinary(['serv']);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('unknown command "serv"');
    const noSite = runBinary(['rebuild']);
    expect(noSite.status).toBe(2);
    expect(noSite.stderr).toContain('--site <siteId> or --all is required');
    const operator = runBinary(['create-operator', '--email', 'second@example.com']);
    expect(operator.status, operator.stderr).toBe(0);
    expect(operator.stdout).toMatch(/Password:\s+\S{20}/);
    expect(runBinary(['migrate']).stdout).toMatch(/\d+ migrations applied/);
    const backup = runBinary(['backup', '--out', path.join(dir, 'all.backup')]);
    expect(backup.status, backup.stderr).toBe(0);
    const refused = runBinary(['restore', '--from', path.join(dir, 'all.backup')]);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain('--force');
    const restored = runBinary(['restore', '--from', path.join(dir, 'all.backup')], { DATA_DIR: path.join(dir, 'elsewhere') });
    expect(restored.status, restored.stderr).toBe(0);
  });

  it("runs the billing run's child process as the server starts it (process.execPath and the script), with pdfkit and its font unpacked", async () => {
    const [runtime] = await readdir(path.join(dir, 'data/.runtime'));
    const child = path.join(dir, 'data/.runtime', runtime!, 'api/billing/billing-run.child.mjs');
    const run = runBinary([child, path.join(dir, 'data/swipegrid.sqlite'), '2026-10', '500', '0']);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('done');
    expect((await stat(path.join(dir, 'data/.runtime', runtime!, 'node_modules/@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf'))).isFile()).toBe(true);
    expect((await stat(path.join(dir, 'data/.runtime', runtime!, 'node_modules/pdfkit/package.json'))).isFile()).toBe(true);
  });
});
