import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAccount, createTestContext, moveOwnerToPlan, type TestContext } from '../test-support.ts';

// Thursday 2026-11-26, 10:00 in Tokyo.
const NOW = new Date('2026-11-26T01:00:00Z');
let ctx: TestContext;
let siteId: string;

beforeAll(async () => {
  ctx = await createTestContext({ clock: () => NOW });
  siteId = (await ctx.createSite()).id;
});
afterAll(() => ctx.cleanup());

async function refusal(path: string, lang = 'en'): Promise<{ status: number; key: string; message: string; issues: { path: string[] }[] }> {
  const response = await ctx.request(path, { headers: { 'accept-language': lang } });
  const body = (await response.json()) as { key: string; message: string; issues: { path: string[] }[] };
  return { status: response.status, ...body };
}

describe('report date rules (B §5, B §8 messages)', () => {
  it('refuses an end after today with "future month not selectable", in the caller’s language', async () => {
    const en = await refusal(`/api/analysis/site/${siteId}/lp?from=2026-11-01&to=2026-11-27`);
    expect(en).toMatchObject({ status: 400, key: 'reportFutureDate', message: 'to: Future months cannot be selected.' });
    expect(en.issues[0]!.path).toEqual(['to']);
    expect((await refusal(`/api/analysis/site/${siteId}/lp/chart?from=2026-11-01&to=2026-12-01`, 'ja')).message).toBe('to: 未来の月は選択できません。');
    expect((await refusal(`/api/analysis/site/${siteId}/pages?from=2026-11-01&to=2026-12-01`, 'zh')).message).toBe('to: 不能选择未来的月份。');
    expect((await refusal(`/api/analysis/site/${siteId}/exports?from=2026-11-01&to=2026-12-01`, 'ko')).message).toBe('to: 미래의 월은 선택할 수 없습니다.');
  });

  it('judges "today" in the report’s zone: the 26th is today in Tokyo, tomorrow in Honolulu', async () => {
    expect((await ctx.request(`/api/analysis/site/${siteId}/lp?from=2026-11-20&to=2026-11-26`)).status).toBe(200);
    expect((await refusal(`/api/analysis/site/${siteId}/lp?from=2026-11-20&to=2026-11-26&tz=Pacific/Honolulu`)).key).toBe('reportFutureDate');
  });

  it('refuses a start more than a year back with "dates over a year old not selectable"', async () => {
    const en = await refusal(`/api/analysis/site/${siteId}/lp?from=2025-11-25&to=2026-01-31`);
    expect(en).toMatchObject({ status: 400, key: 'reportOverYearAgo', message: 'from: Dates over a year old cannot be selected.' });
    expect((await refusal(`/api/analysis/site/${siteId}/lp?from=2025-11-25&to=2026-01-31`, 'ja')).message).toBe('from: 1年以上前の日付は選択できません。');
    expect((await ctx.request(`/api/analysis/site/${siteId}/lp?from=2025-11-26&to=2026-01-31`)).status).toBe(200);
  });

  it('refuses an end before the start with "invalid date range"; a one-day range is fine', async () => {
    expect(await refusal(`/api/analysis/site/${siteId}/lp/chart?from=2026-11-10&to=2026-11-09`)).toMatchObject({ status: 400, key: 'invalidDateRange', message: 'to: Invalid date range.' });
    expect((await refusal(`/api/analysis/site/${siteId}/lp/chart?from=2026-11-10&to=2026-11-09`, 'ko')).message).toBe('to: 날짜 범위가 올바르지 않습니다.');
    expect((await ctx.request(`/api/analysis/site/${siteId}/lp/chart?from=2026-11-10&to=2026-11-10`)).status).toBe(200);
  });

  it('refuses a zone Intl does not know', async () => {
    const response = await ctx.request(`/api/analysis/site/${siteId}/lp?tz=Mars/Olympus`);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { issues: unknown[] }).issues).toEqual([expect.objectContaining({ path: ['tz'], key: 'unknownTimeZone' })]);
  });

  it('reads the 30 days up to today in Japan time when no range is given', async () => {
    const body = (await (await ctx.request(`/api/analysis/site/${siteId}/lp`)).json()) as { range: unknown; previous: unknown };
    expect(body.range).toEqual({ from: '2026-10-28', to: '2026-11-26', tz: 'Asia/Tokyo' });
    expect(body.previous).toEqual({ from: '2026-09-28', to: '2026-10-27' });
  });
});

describe('the analyticsEffect plan gate (B §6)', () => {
  it('answers 403 with the plan message to every report of a site whose owner’s plan lacks analytics, and 200 once it has it', async () => {
    const owner = await addAccount(ctx.db, { type: 'USER', planId: 'trial' });
    const cookie = await ctx.loginAs(owner.email, owner.password);
    const created = await ctx.request('/api/site', {
      method: 'POST',
      headers: { cookie },
      json: { name: 'Trial site', numberHorizontal: 2, numberVertical: 5, defaultLanguage: 'jp', languages: ['jp'] },
    });
    expect(created.status).toBe(201);
    const trialSite = ((await created.json()) as { id: string }).id;
    for (const report of ['lp', 'lp/chart', 'pages', 'ranking', 'taps?cell=A1', 'exports']) {
      const response = await ctx.request(`/api/analysis/site/${trialSite}/${report}`, { headers: { cookie, 'accept-language': 'ja' } });
      expect(response.status, report).toBe(403);
      expect(await response.json()).toMatchObject({ key: 'planFeatureLocked', message: 'この機能は現在のプランに含まれていません。' });
    }
    moveOwnerToPlan(ctx, trialSite, 'standard');
    expect((await ctx.request(`/api/analysis/site/${trialSite}/ranking`, { headers: { cookie } })).status).toBe(200);
  });
});

describe('ranking (B §9)', () => {
  it('refuses a site of fewer than 10 pages with the spec’s message', async () => {
    // The test site is 3 × 4 = 12 cells; a 3 × 3 one has 9 pages.
    const small = (await ctx.createSite({ numberHorizontal: 3, numberVertical: 3 })).id;
    expect(await refusal(`/api/analysis/site/${small}/ranking`)).toMatchObject({ status: 400, key: 'rankingNeedsPages', message: 'Ranking analysis needs at least 10 pages.' });
    expect((await refusal(`/api/analysis/site/${small}/exports?report=ranking`, 'ja')).message).toBe('ランキング分析には10ページ以上が必要です。');
    expect((await ctx.request(`/api/analysis/site/${siteId}/ranking`)).status).toBe(200);
  });
});
