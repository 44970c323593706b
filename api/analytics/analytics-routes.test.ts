import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountLpSummary, LpChart, LpSummary } from '../../model/analytics-report.ts';
import { addAccount, createTestContext, moveOwnerToPlan, type TestContext } from '../test-support.ts';
import { runRollup } from './run-rollup.ts';
import { insertSyntheticEvents, type SyntheticEvent, seededRandom, syntheticVisit } from './synthetic-events.ts';

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
    await moveOwnerToPlan(ctx, trialSite, 'standard');
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

describe('reports across the account’s sites (/analysis/account/…)', () => {
  const range = 'from=2026-09-01&to=2026-11-26';
  /** A customer on a plan with analytics and its sites, each with visits drawn from `visitors` ids shared across sites (`visitor-0`, `visitor-1`, …). */
  async function customerWithSites(planId: string, visitors: readonly number[], seed: number) {
    const owner = await addAccount(ctx.db, { type: 'USER', planId });
    const cookie = await ctx.loginAs(owner.email, owner.password);
    const events: SyntheticEvent[][] = [];
    const siteIds: string[] = [];
    for (const [i, count] of visitors.entries()) {
      const created = await ctx.request('/api/site', {
        method: 'POST',
        headers: { cookie },
        json: { name: `Site ${seed}-${i}`, numberHorizontal: 3, numberVertical: 4, defaultLanguage: 'jp', languages: ['jp'] },
      });
      expect(created.status).toBe(201);
      const id = ((await created.json()) as { id: string }).id;
      const random = seededRandom(seed + i);
      const site = { siteId: id, columns: 3, rows: 4, visitors: count, start: Date.parse('2026-09-01T00:00:00Z'), spanMs: 60 * 86_400_000, langs: ['jp', 'en'], devices: ['mobile', 'desktop'] };
      events.push(Array.from({ length: 40 }, (_, visit) => syntheticVisit(random, site, visit)).flat());
      siteIds.push(id);
    }
    await insertSyntheticEvents(ctx.db, events.flat());
    return { owner, cookie, siteIds, events };
  }
  const get = async <T>(path: string, cookie: string): Promise<T> => {
    const response = await ctx.request(path, { headers: { cookie } });
    expect(response.status, path).toBe(200);
    return (await response.json()) as T;
  };

  it('adds up the account’s site figures, counts a visitor of two sites once, and leaves other accounts’ sites out', async () => {
    const mine = await customerWithSites('premium', [12, 20], 7);
    const theirs = await customerWithSites('premium', [15], 70);
    await runRollup(ctx.db);
    const account = await get<AccountLpSummary>(`/api/analysis/account/lp?${range}`, mine.cookie);
    const perSite = await Promise.all(mine.siteIds.map((id) => get<LpSummary>(`/api/analysis/site/${id}/lp?${range}`, mine.cookie)));

    // The same visitor ids on both sites: the account's users are the distinct ids, fewer than the sites' sum.
    const distinct = new Set(mine.events.flat().map((event) => event.sessionId)).size;
    const summed = perSite.reduce((total, site) => total + site.kpis.users.value, 0);
    expect(account.kpis.users.value).toBe(distinct);
    expect(summed).toBeGreaterThan(distinct);
    for (const name of ['swipePv', 'cv', 'ctaClicks', 'popupClicks', 'snsClicks', 'calls', 'registrations'] as const) {
      expect(account.kpis[name].value, name).toBe(perSite.reduce((total, site) => total + site.kpis[name].value, 0));
    }
    expect(account.kpis.cvRate.value).toBeCloseTo(account.kpis.cv.value / distinct, 10);

    expect(account.sites.map((row) => row.siteId).sort()).toEqual([...mine.siteIds].sort());
    for (const [i, id] of mine.siteIds.entries()) {
      const row = account.sites.find((one) => one.siteId === id)!;
      const { kpis } = perSite[i]!;
      expect(row).toEqual({ siteId: id, name: `Site 7-${i}`, users: kpis.users.value, swipePv: kpis.swipePv.value, cv: kpis.cv.value, cvRate: kpis.cvRate.value });
    }

    // The chart: each day's users merged across the two sites, each day's views added up.
    const chart = await get<LpChart>(`/api/analysis/account/lp/chart?${range}`, mine.cookie);
    const charts = await Promise.all(mine.siteIds.map((id) => get<LpChart>(`/api/analysis/site/${id}/lp/chart?${range}`, mine.cookie)));
    const daysOf = new Map<string, Set<string>>();
    for (const event of mine.events.flat()) {
      const day = new Date(event.at + 9 * 3_600_000).toISOString().slice(0, 10);
      if (!daysOf.has(day)) daysOf.set(day, new Set());
      daysOf.get(day)!.add(event.sessionId);
    }
    expect(new Map(chart.points.filter((point) => point.users > 0).map((point) => [point.period, point.users]))).toEqual(new Map([...daysOf].map(([day, set]) => [day, set.size])));
    expect(chart.points.map((point) => point.views)).toEqual(chart.points.map((_, i) => charts[0]!.points[i]!.views + charts[1]!.points[i]!.views));

    // The other customer sees only its own site, whose figures are its site report's.
    const other = await get<AccountLpSummary>(`/api/analysis/account/lp?${range}`, theirs.cookie);
    expect(other.sites.map((row) => row.siteId)).toEqual(theirs.siteIds);
    const otherSite = await get<LpSummary>(`/api/analysis/site/${theirs.siteIds[0]}/lp?${range}`, theirs.cookie);
    expect(other.kpis).toEqual(otherSite.kpis);

    // The filters apply to every site; the platform's operator covers every site with analytics.
    const mobile = await get<AccountLpSummary>(`/api/analysis/account/lp?${range}&device=mobile`, mine.cookie);
    const mobileSites = await Promise.all(mine.siteIds.map((id) => get<LpSummary>(`/api/analysis/site/${id}/lp?${range}&device=mobile`, mine.cookie)));
    expect(mobile.kpis.swipePv.value).toBe(mobileSites.reduce((total, site) => total + site.kpis.swipePv.value, 0));
    expect(mobile.kpis.swipePv.value).toBeLessThan(account.kpis.swipePv.value);
    const platform = await get<AccountLpSummary>(`/api/analysis/account/lp?${range}`, await ctx.loginAs('operator@example.com', 'Operator#Pass1'));
    expect(platform.sites.map((row) => row.siteId)).toEqual(expect.arrayContaining([...mine.siteIds, ...theirs.siteIds]));
  });

  it('answers 403 where the caller’s plan lacks analytics, leaves out a branch’s sites whose owner lacks it, and keeps the date rules', async () => {
    const trial = await addAccount(ctx.db, { type: 'USER', planId: 'trial' });
    const trialCookie = await ctx.loginAs(trial.email, trial.password);
    for (const report of ['lp', 'lp/chart']) {
      const response = await ctx.request(`/api/analysis/account/${report}`, { headers: { cookie: trialCookie, 'accept-language': 'ja' } });
      expect(response.status, report).toBe(403);
      expect(await response.json()).toMatchObject({ key: 'planFeatureLocked' });
    }
    const { cookie } = await customerWithSites('premium', [3], 300);
    const refused = await ctx.request(`/api/analysis/account/lp/chart?from=2026-11-01&to=2026-11-27`, { headers: { cookie } });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ key: 'reportFutureDate' });

    // An agency on a plan with analytics, over a customer without it: that customer's site is not in the agency's view.
    const oem = await addAccount(ctx.db, { type: 'OEM_MASTER', planId: 'premium' });
    const withIt = await addAccount(ctx.db, { type: 'USER', parentId: oem.id, planId: 'premium' });
    const without = await addAccount(ctx.db, { type: 'USER', parentId: oem.id, planId: 'trial' });
    const siteOf = async (owner: { email: string; password: string }) => {
      const created = await ctx.request('/api/site', {
        method: 'POST',
        headers: { cookie: await ctx.loginAs(owner.email, owner.password) },
        json: { name: 'Agency customer site', numberHorizontal: 2, numberVertical: 2, defaultLanguage: 'jp', languages: ['jp'] },
      });
      expect(created.status).toBe(201);
      return ((await created.json()) as { id: string }).id;
    };
    const shown = await siteOf(withIt);
    await siteOf(without);
    const agency = await get<AccountLpSummary>('/api/analysis/account/lp', await ctx.loginAs(oem.email, oem.password));
    expect(agency.sites.map((row) => row.siteId)).toEqual([shown]);
  });
});
