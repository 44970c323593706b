import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { siteSettingsSchema } from '../../model/site.ts';
import { sites } from '../db/schema.ts';
import { createTestContext, type TestContext } from '../test-support.ts';

let ctx: TestContext;
let siteId: string;
beforeEach(async () => {
  ctx = await createTestContext();
  siteId = (await ctx.createSite({ name: 'Dated', numberHorizontal: 1, numberVertical: 1 })).id;
});
afterEach(async () => {
  await ctx.cleanup();
});

const DAY = 86_400_000;
const iso = (offset: number) => new Date(Date.now() + offset).toISOString();
// A popup as an owner saves it leads somewhere (model/link-targets.ts).
const transition = { transitionType: 'EXTERNAL_URL', externalLinkUrl: 'https://example.com/' };
const put = (json: unknown) => ctx.request(`/api/site/${siteId}`, { method: 'PUT', json, headers: { 'accept-language': 'en' } });

describe('B §5 date rule on PUT /api/site/{id}', () => {
  it('refuses a campaign or popup with a start and no end, an end before the start, or an end already past', async () => {
    for (const body of [
      { campaign: { startDate: iso(DAY) } },
      { campaign: { startDate: iso(-2 * DAY), endDate: iso(-DAY) } },
      { popupCtas: { timeLimit: { id: 't1', startDate: iso(DAY), endDate: null, transition } } },
      { popupCtas: { applicantLimit: { id: 'a1', startDate: iso(-DAY), endDate: iso(-60_000), limit: 5, transition } } },
    ]) {
      const response = await put(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      const answer = (await response.json()) as { key: string; message: string; issues: { path: string[] }[] };
      expect(answer).toMatchObject({ key: 'invalidDateRange', message: expect.stringContaining('Invalid date range.') });
      expect(answer.issues[0]!.path.at(-1)).toBe('endDate');
    }
    expect((await put({ campaign: { startDate: iso(-DAY), endDate: iso(DAY) } })).status).toBe(200);
    // Without a start nothing is scheduled, so nothing is asked.
    expect((await put({ popupCtas: { timeLimit: { id: 't1', transition } } })).status).toBe(200);
  });

  it('saves a campaign that has ended when its dates are left as they were', async () => {
    const row = (await ctx.db.select().from(sites).where(eq(sites.id, siteId)).get())!;
    const ended = { name: 'Over', startDate: iso(-3 * DAY), endDate: iso(-DAY) };
    const settings = siteSettingsSchema.parse({ ...siteSettingsSchema.parse(row.settings), campaign: ended });
    await ctx.db.update(sites).set({ settings }).where(eq(sites.id, siteId)).run();
    const stored = settings.campaign!;
    expect((await put({ campaign: { ...stored, name: 'Renamed' } })).status).toBe(200);
    expect((await put({ campaign: { ...stored, endDate: iso(-DAY / 2) } })).status).toBe(400);
  });
});
