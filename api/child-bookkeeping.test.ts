import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FFMPEG } from '../publisher/ffmpeg.ts';
import { makeTestVideo } from '../publisher/test-video.ts';
import { serverAddresses, type ServerAddresses } from './server-process.ts';

/*
 * A real server process killed with SIGKILL while ffmpeg packages a video: the encoder it
 * started outlives it (adopted by PID 1); the next start on the same DATA_DIR must end that
 * encoder and remove the temporary folders, and nothing may ever be left in the system's
 * temporary folder. Then a SIGTERM mid-encode: the server ends its encoder as it stops.
 */

const SERVER = fileURLToPath(new URL('./server.ts', import.meta.url));
const EMAIL = 'orphans@example.com';
const PASSWORD = 'Orphan#Pass1';

let root: string;
let dataDir: string;
let systemTmp: string;
let video: Uint8Array;
const servers = new Set<ChildProcess>();
const encoders = new Set<number>();

beforeAll(async () => {
  root = await mkdtemp(join(os.tmpdir(), 'swipegrid-orphans-test-'));
  dataDir = join(root, 'data');
  systemTmp = join(root, 'system-tmp');
  await mkdir(systemTmp);
  video = await makeTestVideo(root, { width: 640, height: 360, seconds: 30, kbps: 800 });
}, 120_000);

afterAll(async () => {
  for (const server of servers) server.kill('SIGKILL');
  // Whatever the outcome, no encoder of this test keeps running.
  for (const pid of encoders) if (programOf(pid) === FFMPEG) process.kill(pid, 'SIGKILL');
  await rm(root, { recursive: true, force: true });
});

async function startServer(): Promise<{ child: ChildProcess; addresses: ServerAddresses }> {
  const env = { ...process.env, DATA_DIR: dataDir, TMPDIR: systemTmp, PORT: '0', SITE_PORT: '0', ADMIN_EMAIL: EMAIL, ADMIN_PASSWORD: PASSWORD, SEED_DEMO: 'false' };
  const child = spawn(process.execPath, [SERVER], { env, stdio: ['ignore', 'pipe', 'inherit'] });
  servers.add(child);
  child.once('exit', () => servers.delete(child));
  return { child, addresses: await serverAddresses(child) };
}

async function until<T>(what: string, probe: () => T | undefined | null | false | Promise<T | undefined | null | false>, timeoutMs = 120_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting: ${what}`);
    await sleep(50);
  }
}

/** The ffmpeg ladder encode a server process started (its filter graph splits the video), if one runs. */
function encodeOf(serverPid: number): number | undefined {
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const ppid = Number(readFileSync(`/proc/${name}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);
      const argv = readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0');
      if (ppid === serverPid && argv[0] === FFMPEG && argv.some((arg) => arg.includes('[0:v]'))) return Number(name);
    } catch {
      // Ended while read.
    }
  }
  return undefined;
}

/** Signs in, makes a one-page site showing the video and starts its publish. */
async function publishVideoSite(addresses: ServerAddresses, name: string): Promise<void> {
  const login = await fetch(`${addresses.adminUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: EMAIL, password: PASSWORD }) });
  expect(login.status).toBe(200);
  const cookie = login.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const form = body instanceof FormData;
    const response = await fetch(`${addresses.adminUrl}${path}`, {
      method,
      headers: { cookie, ...(body !== undefined && !form ? { 'content-type': 'application/json' } : {}) },
      body: body === undefined ? undefined : form ? body : JSON.stringify(body),
    });
    if (response.status >= 300) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as T;
  };
  const site = await call<{ id: string; creatives: { pages: { id: string }[] }[] }>('POST', '/api/site', { name, numberHorizontal: 1, numberVertical: 1 });
  const upload = new FormData();
  upload.append('file', new File([new Uint8Array(video)], 'clip.mp4', { type: 'video/mp4' }));
  const { url } = await call<{ url: string }>('POST', `/api/site/${site.id}/media`, upload);
  await call('PUT', `/api/site/${site.id}/page/${site.creatives[0]!.pages[0]!.id}?lang=jp`, { detail: { imageUrl: url, mainText: name } });
  await call('POST', `/api/site/${site.id}/publish`);
}

/** The program a process runs, or null once it has ended ('' while a zombie). */
function programOf(pid: number): string | null {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[0] ?? null;
  } catch {
    return null;
  }
}

const leftIn = async (folder: string) => (await readdir(folder).catch(() => [])).filter((name) => name.startsWith('swipegrid-'));

describe('encoders and temporary folders of a stopped server', () => {
  it('after a kill -9 mid-encode, the next start ends the orphaned ffmpeg and removes the temporary folders; a SIGTERM ends its encoder with it', async () => {
    const first = await startServer();
    await publishVideoSite(first.addresses, 'Killed');
    const orphan = await until('the encode to start', () => encodeOf(first.child.pid!));
    encoders.add(orphan);
    const exited = once(first.child, 'exit');
    first.child.kill('SIGKILL');
    await exited;
    // The encoder outlived its server: that is what the next start must clean up.
    expect(programOf(orphan)).toBe(FFMPEG);
    expect(await leftIn(join(dataDir, 'tmp'))).toEqual([expect.stringMatching(/^swipegrid-hls-/)]);

    const second = await startServer();
    // A killed process stays a zombie until its new parent reaps it: gone means no longer running ffmpeg.
    await until('the orphaned encoder to end', () => programOf(orphan) !== FFMPEG);
    expect(await leftIn(join(dataDir, 'tmp'))).toEqual([]);
    expect(await leftIn(systemTmp)).toEqual([]);

    await publishVideoSite(second.addresses, 'Stopped');
    const encoder = await until('the second encode to start', () => encodeOf(second.child.pid!));
    encoders.add(encoder);
    const stopped = once(second.child, 'exit');
    second.child.kill('SIGTERM');
    await stopped;
    await until('the encoder to end with its server', () => programOf(encoder) !== FFMPEG);
    expect(await leftIn(systemTmp)).toEqual([]);
  }, 300_000);
});
