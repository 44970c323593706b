import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_VIDEO_SECONDS } from '../../model/constants.ts';
import { claimOneSecond, makeLongVideo } from '../../publisher/long-video.ts';
import { FFPROBE, runTool } from '../../publisher/ffmpeg.ts';
import { plans } from '../db/schema-identity.ts';
import { addAccount, createTestContext, fileForm, type TestContext } from '../test-support.ts';

let ctx: TestContext;
let dir: string;
let tenHours: Uint8Array;
let oneMinute: Uint8Array;

beforeAll(async () => {
  ctx = await createTestContext();
  dir = await mkdtemp(join(os.tmpdir(), 'swipegrid-video-length-test-'));
  tenHours = new Uint8Array(await readFile(await makeLongVideo(dir, 600)));
  oneMinute = new Uint8Array(await readFile(join(dir, 'minute.mp4')));
}, 120_000);

afterAll(async () => {
  await ctx?.cleanup();
  await rm(dir, { recursive: true, force: true });
});

/** A signed-in user on the standard plan, its videos limited to `seconds`; uploads go through the API. */
async function userWithVideoLimit(seconds: number) {
  await ctx.db.update(plans).set({ maxVideoSeconds: seconds }).where(eq(plans.id, 'standard')).run();
  const user = await addAccount(ctx.db, { type: 'USER', planId: 'standard' });
  const cookie = await ctx.loginAs(user.email, user.password);
  const created = await ctx.request('/api/site', { method: 'POST', json: { name: 'Clips', numberHorizontal: 1, numberVertical: 1 }, headers: { cookie } });
  const siteId = ((await created.json()) as { id: string }).id;
  const upload = (bytes: Uint8Array, name: string, lang = 'en') =>
    ctx.request(`/api/site/${siteId}/media`, { method: 'POST', body: fileForm(bytes, name, 'video/mp4'), headers: { cookie, 'accept-language': lang } });
  return { upload };
}

describe("a video's length at upload", () => {
  it('refuses the issue’s 12 MB video that really plays for 10 hours, naming the limit, and stores nothing', async () => {
    expect(tenHours.byteLength).toBeLessThan(14 * 1024 * 1024);
    const site = await ctx.createSite({ name: 'Long', numberHorizontal: 1, numberVertical: 1, languages: ['jp'] });
    const response = await ctx.request(`/api/site/${site.id}/media`, { method: 'POST', body: fileForm(tenHours, 'ten-hours.mp4', 'video/mp4') });
    expect(response.status).toBe(413);
    // The operator's own accounts have no plan: the longest any plan may allow holds for them.
    expect(await response.json()).toMatchObject({
      code: 'payload_too_large',
      key: 'videoTooLong',
      values: { file: 'ten-hours.mp4', seconds: 36_000, max: MAX_VIDEO_SECONDS },
      message: `ten-hours.mp4 - The video is 36000 seconds long; the limit is ${MAX_VIDEO_SECONDS} seconds.`,
    });
    const uploads: string[] = [];
    for await (const info of ctx.storage.list('uploads/')) uploads.push(info.key);
    expect(uploads).toEqual([]);
  });

  it("follows the owner's plan setting: a one-minute video is refused under a 30-second limit, in the owner's language, even with a header claiming one second, and taken under a 90-second one", async () => {
    const strict = await userWithVideoLimit(30);
    const refused = await strict.upload(oneMinute, 'minute.mp4', 'ja');
    expect(refused.status).toBe(413);
    expect(await refused.json()).toMatchObject({ key: 'videoTooLong', values: { seconds: 60, max: 30 }, message: 'minute.mp4 - 動画の長さが60秒です。上限は30秒です。' });

    // Its header rewritten to claim one second: ffprobe believes it, the stream's packets do not.
    const liar = claimOneSecond(oneMinute);
    const liarFile = join(dir, 'liar.mp4');
    await writeFile(liarFile, liar);
    expect(Number(await runTool(FFPROBE, ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', liarFile], 20_000))).toBe(1);
    const lying = await strict.upload(liar, 'short.mp4');
    expect(lying.status).toBe(413);
    expect(await lying.json()).toMatchObject({ key: 'videoTooLong', values: { file: 'short.mp4', seconds: 60, max: 30 } });

    const relaxed = await userWithVideoLimit(90);
    const taken = await relaxed.upload(oneMinute, 'minute.mp4');
    expect(taken.status).toBe(201);
    expect(await taken.json()).toMatchObject({ kind: 'video', mime: 'video/mp4' });
  });
});
