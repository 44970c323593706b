import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FFMPEG } from '../../publisher/ffmpeg.ts';
import { makeTestVideo } from '../../publisher/test-video.ts';
import { sites } from '../db/schema.ts';
import { addAccount, createTestContext, type TestContext } from '../test-support.ts';

let ctx: TestContext;
let dir: string;

beforeAll(async () => {
  ctx = await createTestContext();
  dir = await mkdtemp(join(os.tmpdir(), 'swipegrid-fair-encodes-test-'));
}, 60_000);

afterAll(async () => {
  await ctx?.cleanup();
  await rm(dir, { recursive: true, force: true });
});

/** A one-page site owned by `ownerId`, its page showing `video` when given (else text only). */
async function siteOf(ownerId: string, name: string, video?: Uint8Array): Promise<string> {
  const view = await ctx.createSite({ name, numberHorizontal: 1, numberVertical: 1, languages: ['jp'] });
  const detail: Record<string, string> = { mainText: name };
  if (video) detail.imageUrl = (await ctx.uploadMedia(view.id, video, `${name}.mp4`)).url;
  await ctx.writePage(view.id, view.creatives[0]!.pages[0]!.id, 'jp', { detail });
  await ctx.db.update(sites).set({ ownerId }).where(eq(sites.id, view.id)).run();
  return view.id;
}

const statusOf = async (siteId: string, publishId: string) => (await ctx.jobs.status(siteId, publishId))?.status;

async function until<T>(what: string, probe: () => T | undefined | null | false | Promise<T | undefined | null | false>, timeoutMs = 120_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting: ${what}`);
    await sleep(50);
  }
}

/** The pids of this process's ffmpeg encodes (a ladder encode has a filter graph; probes and posters do not split). */
function runningEncodes(): number[] {
  const found: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const ppid = Number(readFileSync(`/proc/${name}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);
      const argv = readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0');
      if (ppid === process.pid && argv[0] === FFMPEG && argv.some((arg) => arg.includes('[0:v]'))) found.push(Number(name));
    } catch {
      // Ended while read.
    }
  }
  return found;
}

describe('one tenant’s long encode', () => {
  it("holds back no other tenant's publish: with its ffmpeg stopped mid-encode, another owner's site with a video and one without both publish", async () => {
    const tenantA = await addAccount(ctx.db, { type: 'USER', planId: 'standard' });
    const tenantB = await addAccount(ctx.db, { type: 'USER', planId: 'standard' });
    const long = await siteOf(tenantA.id, 'long', await makeTestVideo(dir, { width: 640, height: 360, seconds: 20, kbps: 800 }));
    const other = await siteOf(tenantB.id, 'other', await makeTestVideo(dir, { width: 320, height: 240, seconds: 2, kbps: 300 }));
    const plain = await siteOf(tenantB.id, 'plain');

    const longPublish = await ctx.jobs.start(long);
    // Stopped, not slow: the encode runs for as long as the test needs, whatever the machine's load.
    const encoder = await until('the long encode to start', () => runningEncodes()[0]);
    process.kill(encoder, 'SIGSTOP');
    try {
      const plainPublish = await ctx.jobs.start(plain);
      const otherPublish = await ctx.jobs.start(other);
      await until('the plain site to publish', async () => (await statusOf(plain, plainPublish)) !== 'running');
      await until('the other video site to publish', async () => (await statusOf(other, otherPublish)) !== 'running');
      expect(await ctx.jobs.status(plain, plainPublish)).toMatchObject({ status: 'done', version: 1 });
      expect(await ctx.jobs.status(other, otherPublish)).toMatchObject({ status: 'done', version: 1 });
      expect(await statusOf(long, longPublish)).toBe('running');
    } finally {
      process.kill(encoder, 'SIGCONT');
    }
    await ctx.jobs.finished(longPublish);
    expect(await ctx.jobs.status(long, longPublish)).toMatchObject({ status: 'done', version: 1 });
  }, 300_000);
});
