import { sqlGet } from '../db/test-sql.ts';
import { createHash, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignArm } from '../../model/ab/experiment.ts';
import { readLiveManifest } from '../../publisher/live.ts';
import { runRollup } from '../analytics/run-rollup.ts';
import { experiments } from '../db/schema-experiments.ts';
import { visitorEvents } from '../db/schema-visitor.ts';
import { cookielessVisitorId } from '../visitor/analytics-salts.ts';
import { createTestContext, type TestContext } from '../test-support.ts';

/** Page variations through the real API, publisher and site host: the arm is chosen before the HTML leaves. */
let ctx: TestContext;
let siteId: string;
let firstPage: string;
let secondPage: string;
let experiment: { id: string; seed: string; coverage: number; arms: { arm: string; weight: number }[] };

const CONTROL_TEXT = 'Control headline 7f3a';
const VARIANT_TEXT = 'Variant headline 9c2e';

async function json<T>(response: Response, status = 200): Promise<T> {
  expect(response.status, await response.clone().text()).toBe(status);
  return (await response.json()) as T;
}

beforeAll(async () => {
  ctx = await createTestContext();
  const site = await ctx.createSite({ name: 'Split', numberHorizontal: 1, numberVertical: 2 });
  siteId = site.id;
  [firstPage, secondPage] = site.creatives[0]!.pages.map((page) => page.id) as [string, string];
  await ctx.writePage(siteId, firstPage, 'jp', { detail: { mainText: CONTROL_TEXT } });
  await ctx.writePage(siteId, secondPage, 'jp', { detail: { mainText: `${CONTROL_TEXT} two` } });
  for (const page of [firstPage, secondPage]) {
    await json(await ctx.request(`/api/site/${siteId}/page/${page}/variants`, { method: 'POST', json: {} }), 201);
    const texts = page === firstPage ? VARIANT_TEXT : `${VARIANT_TEXT} two`;
    await json(await ctx.request(`/api/site/${siteId}/page/${page}/variants/B`, { method: 'PUT', json: { detail: { mainText: texts } } }));
  }
  await json(
    await ctx.request(`/api/site/${siteId}/experiment`, {
      method: 'PUT',
      json: {
        name: 'Headline',
        arms: [
          { arm: 'control', weight: 0.5 },
          { arm: 'B', weight: 0.5 },
        ],
      },
    }),
  );
  // A fixed seed, with fixed visitors below, makes the 2,000-visitor split the same in every run (a new experiment's seed is random).
  await ctx.db.update(experiments).set({ seed: 'variants-test-seed' }).where(eq(experiments.siteId, siteId)).run();
  const started = await json<{ experiment: typeof experiment }>(await ctx.request(`/api/site/${siteId}/experiment/start`, { method: 'POST' }));
  experiment = started.experiment;
  await ctx.publish(siteId);
});
afterAll(() => ctx.cleanup());

function cookieOf(response: Response, name: string): string | undefined {
  const cookie = response.headers.getSetCookie().find((line) => line.startsWith(`${name}=`));
  return cookie?.slice(name.length + 1).split(';')[0];
}

/** A visitor id shaped as the viewer makes them (a UUID), the same for `n` in every run. */
function fixedVisitorId(n: number): string {
  const hex = createHash('sha256').update(`visitor ${n}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

function armOfHtml(html: string): 'control' | 'B' {
  const control = html.includes(CONTROL_TEXT);
  const variant = html.includes(VARIANT_TEXT);
  expect(control !== variant, 'one arm’s text, never both').toBe(true);
  return variant ? 'B' : 'control';
}

describe('page variants', () => {
  it('are published as their own static HTML and page JSON, listed in the manifest, never served by their own names', async () => {
    const manifest = (await readLiveManifest(ctx.storage, siteId))!;
    for (const path of ['index.html', 'A2/index.html', `_data/jp/${firstPage}.json`, `_data/jp/${secondPage}.json`]) {
      expect(manifest.files[path], path).toBeDefined();
      expect(manifest.files[`_variants/B/${path}`], path).toBeDefined();
      expect(manifest.files[`_variants/B/${path}`]!.hash).not.toBe(manifest.files[path]!.hash);
    }
    expect((await ctx.visit('/_variants/B/index.html', { site: siteId })).status).toBe(404);
  });

  it('split 2,000 new visitors 50/50 within ±3 %, each as GrowthBook assigns it, with private, cookie-varying pages', async () => {
    const arms = { control: 0, B: 0 };
    for (let visitor = 0; visitor < 2000; visitor++) {
      // The same 2,000 visitors and seed every run: with random ones the ±3 % bound is 2.7 standard deviations, missed in about one run of 140.
      const variationId = fixedVisitorId(visitor);
      const response = await ctx.visit('/', { site: siteId, headers: { cookie: `variationId=${variationId}` } });
      expect(response.status).toBe(200);
      const arm = armOfHtml(await response.text());
      expect(arm).toBe(assignArm(variationId, experiment));
      arms[arm]++;
      if (visitor === 0) {
        expect(response.headers.get('vary')).toBe('Cookie, Accept-Encoding');
        expect(response.headers.get('cache-control')).toBe('private, no-cache');
        expect(cookieOf(response, 'experimentId')).toBe(experiment.id);
      }
    }
    expect(Math.abs(arms.control - 1000)).toBeLessThanOrEqual(60);
    expect(Math.abs(arms.B - 1000)).toBeLessThanOrEqual(60);
  });

  it('give a new visitor a variationId for 3650 days on the site’s origin, and keep a returning visitor and its neighbour prefetches in its arm', async () => {
    for (let visitor = 0; visitor < 6; visitor++) {
      const first = await ctx.visit('/', { site: siteId });
      const line = first.headers.getSetCookie().find((cookie) => cookie.startsWith('variationId='))!;
      expect(line).toMatch(/Max-Age=315360000/);
      expect(line).toMatch(/Path=\//);
      expect(line).not.toMatch(/Domain=/i);
      const variationId = cookieOf(first, 'variationId')!;
      const arm = armOfHtml(await first.text());
      const cookie = `variationId=${variationId}; experimentId=${experiment.id}`;
      for (let visit = 0; visit < 3; visit++) {
        const again = await ctx.visit('/', { site: siteId, headers: { cookie } });
        expect(armOfHtml(await again.text())).toBe(arm);
        expect(again.headers.getSetCookie()).toEqual([]);
      }
      const neighbour = await (await ctx.visit(`/_data/jp/${secondPage}.json`, { site: siteId, headers: { cookie } })).text();
      expect(neighbour.includes(`${VARIANT_TEXT} two`)).toBe(arm === 'B');
      expect(neighbour.includes(`${CONTROL_TEXT} two`)).toBe(arm === 'control');
      const page = await (await ctx.visit('/A2', { site: siteId, headers: { cookie } })).text();
      expect(page.includes(`${VARIANT_TEXT} two`)).toBe(arm === 'B');
    }
  });

  it('render again only the variant a change touches, and the control alone when the control changes', async () => {
    const renderedPaths = async (edit: () => Promise<void>) => {
      const before = (await readLiveManifest(ctx.storage, siteId))!;
      await edit();
      const result = await ctx.publish(siteId);
      const after = (await readLiveManifest(ctx.storage, siteId))!;
      const changed = Object.keys(after.files).filter((path) => after.files[path]!.inputs && after.files[path]!.inputs !== before.files[path]?.inputs);
      expect(result.pagesRendered).toBe(changed.length);
      return changed.sort();
    };
    const variantEdit = await renderedPaths(async () => {
      await json(await ctx.request(`/api/site/${siteId}/page/${secondPage}/variants/B`, { method: 'PUT', json: { detail: { mainText: `${VARIANT_TEXT} two, edited` } } }));
    });
    expect(variantEdit).toEqual(['_variants/B/A2/index.html', '_variants/B/en/A2/index.html']);
    const controlEdit = await renderedPaths(() => ctx.writePage(siteId, secondPage, 'jp', { detail: { mainText: `${CONTROL_TEXT} two, edited` } }));
    expect(controlEdit).toEqual(['A2/index.html', 'en/A2/index.html']);
  });

  it('serve the control to everyone, without cookies, once the experiment stops', async () => {
    await json(await ctx.request(`/api/site/${siteId}/experiment/stop`, { method: 'POST' }));
    for (let visitor = 0; visitor < 20; visitor++) {
      const response = await ctx.visit('/', { site: siteId, headers: { cookie: `variationId=${randomUUID()}` } });
      expect(armOfHtml(await response.text())).toBe('control');
      expect(response.headers.getSetCookie()).toEqual([]);
      expect(response.headers.get('cache-control')).toBe('no-cache');
    }
  });
});

describe('the experiment’s rules', () => {
  it('refuse a split that does not add up, a control not first, a variant no page has, and a change while running', async () => {
    const site = await ctx.createSite({ name: 'Rules', numberHorizontal: 1, numberVertical: 1 });
    const put = (body: unknown) => ctx.request(`/api/site/${site.id}/experiment`, { method: 'PUT', json: body });
    const bad = await put({
      name: 'x',
      arms: [
        { arm: 'control', weight: 0.5 },
        { arm: 'B', weight: 0.6 },
      ],
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain('experimentWeightsSum');
    expect(
      JSON.stringify(
        await (
          await put({
            name: 'x',
            arms: [
              { arm: 'B', weight: 0.5 },
              { arm: 'control', weight: 0.5 },
            ],
          })
        ).json(),
      ),
    ).toContain('experimentControlFirst');
    await json(
      await put({
        name: 'x',
        arms: [
          { arm: 'control', weight: 0.5 },
          { arm: 'B', weight: 0.5 },
        ],
      }),
    );
    const missing = await ctx.request(`/api/site/${site.id}/experiment/start`, { method: 'POST' });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { key: string }).key).toBe('experimentArmMissing');
    const pageId = site.creatives[0]!.pages[0]!.id;
    await json(await ctx.request(`/api/site/${site.id}/page/${pageId}/variants`, { method: 'POST', json: { key: 'B' } }), 201);
    const duplicate = await ctx.request(`/api/site/${site.id}/page/${pageId}/variants`, { method: 'POST', json: { key: 'B' } });
    expect(((await duplicate.json()) as { key: string }).key).toBe('variantExists');
    await json(await ctx.request(`/api/site/${site.id}/experiment/start`, { method: 'POST' }));
    expect(
      (
        (await (
          await put({
            name: 'y',
            arms: [
              { arm: 'control', weight: 0.5 },
              { arm: 'B', weight: 0.5 },
            ],
          })
        ).json()) as { key: string }
      ).key,
    ).toBe('experimentRunning');
    const results = await json<{ arms: { variantId: string; visitors: number }[]; sampleRatio: unknown }>(await ctx.request(`/api/site/${site.id}/experiment/results`));
    expect(results.arms.map((arm) => [arm.variantId, arm.visitors])).toEqual([
      ['control', 0],
      ['B', 0],
    ]);
    expect(results.sampleRatio).toBeNull();
  });
});

describe('the results endpoint', () => {
  it('counts each visitor of the running test in its hashed arm, its conversions, and flags a forced 60/40 split of a 50/50 test', async () => {
    const site = await ctx.createSite({ name: 'Results', numberHorizontal: 1, numberVertical: 1 });
    const pageId = site.creatives[0]!.pages[0]!.id;
    await json(await ctx.request(`/api/site/${site.id}/page/${pageId}/variants`, { method: 'POST', json: {} }), 201);
    await json(
      await ctx.request(`/api/site/${site.id}/experiment`, {
        method: 'PUT',
        json: {
          name: 'Forced',
          arms: [
            { arm: 'control', weight: 0.5 },
            { arm: 'B', weight: 0.5 },
          ],
        },
      }),
    );
    const { experiment: running } = await json<{ experiment: typeof experiment }>(await ctx.request(`/api/site/${site.id}/experiment/start`, { method: 'POST' }));
    // 1,200 control visitors and 800 of B, as a broken assignment (a cache serving one arm) would give; every tenth converts.
    const wanted = { control: 1200, B: 800 };
    const found = { control: 0, B: 0 };
    const rows: (typeof visitorEvents.$inferInsert)[] = [];
    const now = new Date(Date.now() + 1000);
    while (found.control < wanted.control || found.B < wanted.B) {
      const variationId = randomUUID();
      const arm = assignArm(variationId, running) as 'control' | 'B';
      if (found[arm] >= wanted[arm]) continue;
      const base = { siteId: site.id, variationId, sessionId: variationId, visitId: variationId, cell: 'A1', device: 'mobile', occurredAt: now, receivedAt: now };
      rows.push({ ...base, kind: 'slide_page' });
      // Twice for some: a visitor converts once however many forms they send.
      if (found[arm] % 10 === 0) rows.push({ ...base, kind: 'form_submit' }, { ...base, kind: 'contact' });
      found[arm]++;
    }
    // Events of another site and before the start are not the test's.
    const other = { sessionId: 's', visitId: 'v', cell: 'A1', device: 'mobile', kind: 'form_submit' };
    rows.push({ ...other, siteId: siteId, variationId: randomUUID(), occurredAt: now, receivedAt: now });
    rows.push({ ...other, siteId: site.id, variationId: randomUUID(), occurredAt: new Date(0), receivedAt: new Date(0) });
    await ctx.db.insert(visitorEvents).values(rows).run();
    // Results count what the analytics fold has folded, as the server's rollup job does every 10 s.
    await runRollup(ctx.db);
    const results = await json<{ arms: { variantId: string; visitors: number; conversions: number }[]; sampleRatio: { mismatch: boolean; pValue: number } }>(
      await ctx.request(`/api/site/${site.id}/experiment/results`),
    );
    expect(results.arms.map(({ variantId, visitors, conversions }) => [variantId, visitors, conversions])).toEqual([
      ['control', 1200, 120],
      ['B', 800, 80],
    ]);
    expect(results.sampleRatio.mismatch).toBe(true);
    expect(results.sampleRatio.pValue).toBeLessThan(0.001);
  });
});

describe('a cookieless site’s experiment', () => {
  it('sets no cookie, keeps one browser at one address in one arm all day by the salted hash, and stores that id with its events', async () => {
    const site = await ctx.createSite({ name: 'Cookieless', numberHorizontal: 1, numberVertical: 1 });
    const pageId = site.creatives[0]!.pages[0]!.id;
    await ctx.writePage(site.id, pageId, 'jp', { detail: { mainText: CONTROL_TEXT } });
    await json(await ctx.request(`/api/site/${site.id}/page/${pageId}/variants`, { method: 'POST', json: {} }), 201);
    await json(await ctx.request(`/api/site/${site.id}/page/${pageId}/variants/B`, { method: 'PUT', json: { detail: { mainText: VARIANT_TEXT } } }));
    const arms = [
      { arm: 'control', weight: 0.5 },
      { arm: 'B', weight: 0.5 },
    ];
    await json(await ctx.request(`/api/site/${site.id}/experiment`, { method: 'PUT', json: { name: 'Cookieless split', arms } }));
    await json(await ctx.request(`/api/site/${site.id}`, { method: 'PUT', json: { analytics: { cookieless: true } } }));
    const running = (await json<{ experiment: typeof experiment }>(await ctx.request(`/api/site/${site.id}/experiment/start`, { method: 'POST' }))).experiment;
    await ctx.publish(site.id);

    const ip = '198.51.100.7';
    const seen = { control: 0, B: 0 };
    for (let visitor = 0; visitor < 40; visitor++) {
      const userAgent = `Mozilla/5.0 (iPhone; CPU iPhone OS 17_${visitor} like Mac OS X) Mobile`;
      const first = await ctx.visit('/', { site: site.id, ip, headers: { 'user-agent': userAgent } });
      expect(first.headers.getSetCookie()).toEqual([]);
      const arm = armOfHtml(await first.text());
      seen[arm]++;
      const salt = ((await sqlGet(ctx.db, 'SELECT salt FROM analytics_salts ORDER BY day DESC LIMIT 1')) as { salt: string }).salt;
      const visitorId = cookielessVisitorId(salt, site.id, ip, userAgent);
      expect(arm).toBe(assignArm(visitorId, running));
      // The same browser at the same address comes back to the same arm, and its page data too.
      const again = await ctx.visit('/', { site: site.id, ip, headers: { 'user-agent': userAgent } });
      expect(armOfHtml(await again.text())).toBe(arm);
      const data = await (await ctx.visit(`/_data/jp/${pageId}.json`, { site: site.id, ip, headers: { 'user-agent': userAgent } })).text();
      expect(data.includes(VARIANT_TEXT)).toBe(arm === 'B');
      if (visitor === 0) {
        const sent = await ctx.visit('/api/end-user/events', {
          site: site.id,
          ip,
          method: 'POST',
          headers: { 'user-agent': userAgent, 'content-type': 'text/plain' },
          body: JSON.stringify({ siteId: site.id, events: [{ type: 'landing', cell: 'A1' }] }),
        });
        expect(sent.status).toBe(202);
        expect(sent.headers.getSetCookie()).toEqual([]);
        const row = (await ctx.db.select().from(visitorEvents).all()).find((event) => event.siteId === site.id)!;
        expect([row.sessionId, row.variationId, row.experimentId]).toEqual([visitorId, visitorId, running.id]);
      }
    }
    // Forty browsers are not all put in one arm.
    expect(seen.control).toBeGreaterThan(0);
    expect(seen.B).toBeGreaterThan(0);
  });
});
