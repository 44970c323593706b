import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SEEDED_PLANS } from '../../model/plan.ts';
import { plans } from '../db/schema-identity.ts';
import { addAccount, createTestContext, fileForm, mp4Bytes, type TestContext } from '../test-support.ts';

let ctx: TestContext;

beforeEach(async () => {
  ctx = await createTestContext();
});

afterEach(async () => {
  await ctx.cleanup();
});

const MB = 1024 * 1024;
/** Three of these fit in 1 MB, four do not. */
const FILE_BYTES = 340_000;

/** A signed-in user on the standard plan, its quota cut to `quotaMb`; its calls go through the API. */
async function userWithQuota(quotaMb: number) {
  await ctx.db.update(plans).set({ storageQuotaMb: quotaMb }).where(eq(plans.id, 'standard')).run();
  const user = await addAccount(ctx.db, { type: 'USER', planId: 'standard' });
  const cookie = await ctx.loginAs(user.email, user.password);
  const call = (path: string, init: Parameters<TestContext['request']>[1] = {}) => ctx.request(path, { ...init, headers: { cookie } });
  const createSite = async (name: string) => {
    const created = await call('/api/site', { method: 'POST', json: { name, numberHorizontal: 1, numberVertical: 1 } });
    expect(created.status).toBe(201);
    return ((await created.json()) as { id: string }).id;
  };
  const storage = async () => ((await (await call(`/api/user/${user.id}`)).json()) as { storage: { usedBytes: number; quotaBytes: number | null } }).storage;
  return { user, call, createSite, storage };
}

describe('the storage quota of a plan', () => {
  it('is a figure of every seeded plan, growing with the tier', () => {
    const quotas = SEEDED_PLANS.filter((plan) => !plan.multilingual).map((plan) => plan.storageQuotaMb);
    expect(quotas).toEqual([...quotas].sort((a, b) => a - b));
    expect(quotas.every((mb) => mb > 30)).toBe(true);
  });

  it('holds under parallel uploads: six files at once where three fit, exactly three are stored and counted', async () => {
    const owner = await userWithQuota(1);
    const siteId = await owner.createSite('Quota');
    const files = await Promise.all([1, 2, 3, 4, 5, 6].map((fill) => mp4Bytes(FILE_BYTES, fill)));
    const answers = await Promise.all(files.map((bytes, index) => owner.call(`/api/site/${siteId}/media`, { method: 'POST', body: fileForm(bytes, `clip-${index}.mp4`, 'video/mp4') })));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([201, 201, 201, 413, 413, 413]);
    const refused = await Promise.all(answers.filter((answer) => answer.status === 413).map((answer) => answer.json()));
    for (const body of refused) expect(body).toMatchObject({ code: 'payload_too_large', key: 'storageQuotaExceeded', values: { quota: 1 } });
    expect(refused[0]).toMatchObject({ message: expect.stringMatching(/^clip-\d\.mp4 - Not enough storage left: 1MB of the plan's 1MB are in use\.$/) });

    const uploads: string[] = [];
    for await (const info of ctx.storage.list('uploads/')) uploads.push(info.key);
    expect(uploads).toHaveLength(3);
    expect(await owner.storage()).toEqual({ usedBytes: 3 * FILE_BYTES, quotaBytes: 1 * MB });
  });

  it('is freed when a site and its media are deleted', async () => {
    const owner = await userWithQuota(1);
    const first = await owner.createSite('First');
    for (const fill of [1, 2, 3]) expect((await owner.call(`/api/site/${first}/media`, { method: 'POST', body: fileForm(await mp4Bytes(FILE_BYTES, fill), 'a.mp4') })).status).toBe(201);
    const second = await owner.createSite('Second');
    const full = await owner.call(`/api/site/${second}/media`, { method: 'POST', body: fileForm(await mp4Bytes(FILE_BYTES, 4), 'd.mp4') });
    expect(full.status).toBe(413);

    expect((await owner.call(`/api/site/${first}`, { method: 'DELETE' })).status).toBe(200);
    expect(await owner.storage()).toEqual({ usedBytes: 0, quotaBytes: MB });
    const room = await owner.call(`/api/site/${second}/media`, { method: 'POST', body: fileForm(await mp4Bytes(FILE_BYTES, 4), 'd.mp4') });
    expect(room.status).toBe(201);
    expect(await owner.storage()).toEqual({ usedBytes: FILE_BYTES, quotaBytes: MB });
  });

  it('counts a file uploaded twice to a site once', async () => {
    const owner = await userWithQuota(1);
    const siteId = await owner.createSite('Twice');
    const bytes = await mp4Bytes(FILE_BYTES, 9);
    for (let times = 0; times < 4; times++) expect((await owner.call(`/api/site/${siteId}/media`, { method: 'POST', body: fileForm(bytes, 'same.mp4') })).status).toBe(201);
    expect(await owner.storage()).toEqual({ usedBytes: FILE_BYTES, quotaBytes: MB });
  });

  it('is none for the platform’s own accounts, which have no plan', async () => {
    const { account } = (await (await ctx.request('/api/auth/user-info')).json()) as { account: { id: string } };
    const detail = (await (await ctx.request(`/api/user/${account.id}`)).json()) as { storage: unknown };
    expect(detail.storage).toEqual({ usedBytes: 0, quotaBytes: null });
  });
});
