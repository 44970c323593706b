import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CampaignClicksReport } from '../../model/analytics-report.ts';
import { createTestContext, type TestContext } from '../test-support.ts';
import { rebuildRollups, runRollup } from './run-rollup.ts';
import { insertSyntheticEvents, type SyntheticEvent } from './synthetic-events.ts';

// Thursday 2026-11-26, 10:00 in Tokyo.
const NOW = new Date('2026-11-26T01:00:00Z');
const HOUR = 3_600_000;
let ctx: TestContext;
let siteId: string;

const campaign = {
  startDate: '2026-11-01T00:00:00Z',
  endDate: '2026-12-31T00:00:00Z',
  isOnClickCount: true,
  effectivePages: [1],
  banners: [{ id: 'bn1', clickCount: 0, linkDestinationUrl: 'https://example.com/banner' }],
  buttons: [{ id: 'cb1', buttonText: '応募する', clickCount: 5, linkDestinationUrl: 'https://example.com/apply' }],
};

function click(targetId: string, at: number, lang = 'jp', kind = 'click_campaign'): SyntheticEvent {
  return {
    siteId,
    kind,
    cell: 'A1',
    toCell: null,
    direction: null,
    value: null,
    tapX: null,
    tapY: null,
    targetId,
    snsType: null,
    referrerHost: null,
    utmSource: null,
    sessionId: `visitor-${at}`,
    visitId: `visit-${at}`,
    variationId: null,
    experimentId: null,
    lang,
    device: 'mobile',
    at,
  };
}

beforeAll(async () => {
  ctx = await createTestContext({ clock: () => NOW });
  siteId = (await ctx.createSite({ numberHorizontal: 1, numberVertical: 1 })).id;
  const saved = await ctx.request(`/api/site/${siteId}`, { method: 'PUT', json: { campaign } });
  expect(saved.status).toBe(200);
});
afterAll(() => ctx.cleanup());

const report = async (query: string) => {
  const response = await ctx.request(`/api/analysis/site/${siteId}/campaign?${query}`);
  expect(response.status).toBe(200);
  return (await response.json()) as CampaignClicksReport;
};

describe('campaign clicks in analytics (GET /analysis/site/{id}/campaign)', () => {
  it('counts each banner and button by the days of the range, in its zone and with its filters', async () => {
    // 2026-11-24 23:30 and 2026-11-25 00:30 in Tokyo: one click on each side of a Tokyo midnight.
    const tokyoMidnight = Date.parse('2026-11-24T15:00:00Z');
    await insertSyntheticEvents(ctx.db, [
      click('cb1', tokyoMidnight - HOUR / 2),
      click('cb1', tokyoMidnight + HOUR / 2),
      click('cb1', tokyoMidnight + 2 * HOUR, 'en'),
      click('bn1', tokyoMidnight + 3 * HOUR),
      click('gone', tokyoMidnight + 4 * HOUR),
      // Another kind of click with an id is not a campaign click.
      click('cb1', tokyoMidnight + 5 * HOUR, 'jp', 'click_cta_btn'),
    ]);
    await runRollup(ctx.db);

    const day = await report('from=2026-11-25&to=2026-11-25');
    expect(day.items).toEqual([
      { id: 'bn1', kind: 'banner', side: 'left', text: '', clicks: 1 },
      { id: 'cb1', kind: 'button', side: 'left', text: '応募する', clicks: 2 },
    ]);
    // The total keeps an item the campaign no longer has.
    expect(day.total).toBe(4);
    expect((await report('from=2026-11-24&to=2026-11-25')).items.find((item) => item.id === 'cb1')!.clicks).toBe(3);
    expect((await report('from=2026-11-25&to=2026-11-25&lang=en')).items).toEqual([
      { id: 'bn1', kind: 'banner', side: 'left', text: '', clicks: 0 },
      { id: 'cb1', kind: 'button', side: 'left', text: '応募する', clicks: 1 },
    ]);
    // In UTC the first click falls on the 24th too: the 25th holds the other three of cb1 and bn1's one.
    expect((await report('from=2026-11-24&to=2026-11-24&tz=UTC')).items.find((item) => item.id === 'cb1')!.clicks).toBe(3);

    // A rebuild refolds the same counts from the raw events.
    await rebuildRollups(ctx.db, { siteId });
    expect((await report('from=2026-11-25&to=2026-11-25')).total).toBe(4);
  });
});
