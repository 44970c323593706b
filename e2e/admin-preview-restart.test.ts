import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { type HostReply, requestOnHost } from '../api/request-on-host.ts';
import type { RunningServer } from '../api/server.ts';
import { signIn } from './site-api.ts';
import { serverAddresses } from '../api/server-process.ts';

const PASSWORD = 'Operator-pass1!';
let dataDir = '';
let child: ChildProcess | undefined;

/** The server in a process of its own, as it runs in production: a restart is a new process with a new memory. */
async function start(): Promise<RunningServer> {
  const script = fileURLToPath(new URL('../api/server.ts', import.meta.url));
  const env = { ...process.env, DATA_DIR: dataDir, PORT: '0', SITE_PORT: '0', ADMIN_EMAIL: 'owner@example.com', ADMIN_PASSWORD: PASSWORD, SEED_DEMO: 'false', NODE_ENV: 'test' };
  child = spawn(process.execPath, [script], { env, stdio: ['ignore', 'pipe', 'inherit'] });
  const { adminUrl, siteUrl } = await serverAddresses(child);
  return { adminUrl, siteUrl, close: stop };
}

/** A preview page, asked for its own origin, preview.localhost. */
function previewGet(siteUrl: string, path: string): Promise<HostReply> {
  return requestOnHost(siteUrl, `preview.localhost:${new URL(siteUrl).port}`, path);
}

async function stop(): Promise<void> {
  const running = child;
  child = undefined;
  if (!running || running.exitCode !== null) return;
  const ended = new Promise((resolve) => running.once('exit', resolve));
  running.kill('SIGTERM');
  await ended;
}

afterAll(async () => {
  await stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('a preview link', () => {
  it('still opens the draft after the server process restarts on the same data folder', { timeout: 120_000 }, async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'swipegrid-e2e-preview-restart-'));
    let server = await start();
    const operator = await signIn(server, 'owner@example.com', PASSWORD);
    const site = await operator.createSite({ name: 'Restart shop', numberHorizontal: 1, numberVertical: 1 });
    const { url } = await operator.call<{ url: string }>('POST', `/api/preview/site/${site.id}`);
    expect(new URL(url).hostname).toBe('preview.localhost');
    const path = new URL(url).pathname;
    expect((await previewGet(server.siteUrl, path)).status).toBe(200);

    await stop();
    server = await start();
    const again = await previewGet(server.siteUrl, path);
    expect(again.status).toBe(200);
    expect(again.text).toContain('Restart shop');
    // A token with another signature is still refused: the kept key, not the site id, opens it.
    const forged = path.replace(/\.[A-Za-z0-9_-]{43}\//, `.${'A'.repeat(43)}/`);
    expect(forged).not.toBe(path);
    expect((await previewGet(server.siteUrl, forged)).status).not.toBe(200);
  });
});
