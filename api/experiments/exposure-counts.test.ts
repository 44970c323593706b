import { sqlRun } from '../db/test-sql.ts';
import { randomUUID } from 'node:crypto';
import { and, eq, gte, lt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { assignArm, experimentArmSchema } from '../../model/ab/experiment.ts';
import type { ArmCounts } from '../../model/ab/results.ts';
import { analyticsSettingsSchema } from '../../model/analytics-settings.ts';
import { CONVERTIBLE_EVENT_TYPES } from '../../model/visitor-event-kinds.ts';
import { seededRandom } from '../analytics/synthetic-events.ts';
import { rebuildRollups, runRollup } from '../analytics/run-rollup.ts';
import type { Db } from '../db/open-database.ts';
import { experiments } from '../db/schema-experiments.ts';
import { sites } from '../db/schema.ts';
import { visitorEvents } from '../db/schema-visitor.ts';
import { createTestContext, type TestContext } from '../test-support.ts';

/**
 * The reference the folded results must equal: the scan of raw events results used to run. Each
 * distinct `variationId` seen in the experiment's window is a visitor of the arm the current split
 * hashes it into; it converted if any of its events there is of a kind the site counts now.
 */
async function rawEventCounts(db: Db, siteId: string): Promise<ArmCounts[]> {
  const row = await db.select().from(experiments).where(eq(experiments.siteId, siteId)).get();
  if (!row?.startedAt) throw new Error('the test needs a started experiment');
  const arms = z.array(experimentArmSchema).parse(row.arms);
  const site = await db.select({ settings: sites.settings }).from(sites).where(eq(sites.id, siteId)).get();
  const conversions = new Set<string>(z.object({ analytics: analyticsSettingsSchema.prefault({}) }).parse(site?.settings ?? {}).analytics.conversionEvents);
  const counts = new Map<string, ArmCounts>(arms.map(({ arm }) => [arm, { variantId: arm, visitors: 0, conversions: 0 }]));
  const events = await db
    .select({ variationId: visitorEvents.variationId, kind: visitorEvents.kind })
    .from(visitorEvents)
    .where(and(eq(visitorEvents.siteId, siteId), gte(visitorEvents.occurredAt, row.startedAt), ...(row.stoppedAt ? [lt(visitorEvents.occurredAt, row.stoppedAt)] : [])))
    .all();
  const converted = new Map<string, boolean>();
  for (const event of events) {
    if (event.variationId) converted.set(event.variationId, (converted.get(event.variationId) ?? false) || conversions.has(event.kind));
  }
  for (const [visitor, didConvert] of converted) {
    const arm = assignArm(visitor, { seed: row.seed, coverage: row.coverage, arms });
    const count = arm ? counts.get(arm) : undefined;
    if (!count) continue;
    count.visitors++;
    if (didConvert) count.conversions++;
  }
  return [...counts.values()];
}

let ctx: TestContext;
let clock = Date.parse('2026-06-01T00:00:00Z');
let siteId: string;
let otherSiteId: string;
const random = seededRandom(1313);
/** Returning visitors: each batch of events draws from the same pool, so visitors span the stop and the restart. */
const visitors = Array.from({ length: 400 }, () => randomUUID());

async function json<T>(response: Response, status = 200): Promise<T> {
  expect(response.status, await response.clone().text()).toBe(status);
  return (await response.json()) as T;
}

const VIEWING = ['landing', 'slide_page', 'dwell', 'tap', 'exit'] as const;

/** `count` events between `from` and `to`: one in ten of a kind a site may count as a conversion, one in twenty without a variationId. */
async function insertEvents(site: string, count: number, from: number, to: number): Promise<void> {
  const rows: (typeof visitorEvents.$inferInsert)[] = [];
  for (let n = 0; n < count; n++) {
    const variationId = random() < 0.05 ? null : visitors[Math.floor(random() * visitors.length)]!;
    const kinds = random() < 0.1 ? CONVERTIBLE_EVENT_TYPES : VIEWING;
    const kind = kinds[Math.floor(random() * kinds.length)]!;
    const at = new Date(from + Math.floor(random() * (to - from)));
    rows.push({ siteId: site, kind, cell: 'A1', sessionId: variationId ?? 'anon', visitId: variationId ?? 'anon', variationId, device: 'mobile', occurredAt: at, receivedAt: at });
  }
  await ctx.db.insert(visitorEvents).values(rows).run();
}

async function foldedResults(): Promise<ArmCounts[]> {
  const results = await json<{ arms: ArmCounts[] }>(await ctx.request(`/api/site/${siteId}/experiment/results`));
  return results.arms.map(({ variantId, visitors, conversions }) => ({ variantId, visitors, conversions }));
}

/** The folded results equal the raw scan's, and are not all zero (an empty fold would equal an empty scan). */
async function expectResultsEqualRawScan(): Promise<void> {
  const folded = await foldedResults();
  expect(folded).toEqual(await rawEventCounts(ctx.db, siteId));
  expect(folded.every(({ visitors, conversions }) => visitors > conversions && conversions > 0)).toBe(true);
}

async function saveSplit(weights: [number, number], coverage: number): Promise<void> {
  await json(
    await ctx.request(`/api/site/${siteId}/experiment`, {
      method: 'PUT',
      json: {
        name: 'Folded',
        coverage,
        arms: [
          { arm: 'control', weight: weights[0] },
          { arm: 'B', weight: weights[1] },
        ],
      },
    }),
  );
}

const HOUR = 3600_000;

beforeAll(async () => {
  ctx = await createTestContext({ clock: () => new Date(clock) });
  const site = await ctx.createSite({ name: 'Folded', numberHorizontal: 1, numberVertical: 1 });
  siteId = site.id;
  otherSiteId = (await ctx.createSite({ name: 'Other', numberHorizontal: 1, numberVertical: 1 })).id;
  await json(await ctx.request(`/api/site/${siteId}/page/${site.creatives[0]!.pages[0]!.id}/variants`, { method: 'POST', json: {} }), 201);
  await saveSplit([0.5, 0.5], 1);
});
afterAll(() => ctx.cleanup());

describe('experiment results from the folded exposures', () => {
  it('equal the raw scan of the window through a setting change, a stop, a new split, a restart and a rebuild', { timeout: 240_000 }, async () => {
    // Events before the experiment exists, then the start: the earlier ones are not the test's.
    await insertEvents(siteId, 800, clock - 2 * HOUR, clock);
    await runRollup(ctx.db, { batch: 97 });
    await json(await ctx.request(`/api/site/${siteId}/experiment/start`, { method: 'POST' }));
    const start = clock;
    await insertEvents(siteId, 3000, start - HOUR, start + 4 * HOUR);
    await insertEvents(otherSiteId, 500, start, start + 4 * HOUR);
    await runRollup(ctx.db, { batch: 97 });
    await expectResultsEqualRawScan();

    // Another conversion setting: answered from the same folded rows, no refold.
    await json(await ctx.request(`/api/site/${siteId}`, { method: 'PUT', json: { analytics: { conversionEvents: ['click_phone', 'registration'] } } }));
    await expectResultsEqualRawScan();

    // Stopped: events after the stop (folded while it is stopped) are outside the window, earlier late ones inside.
    clock = start + 4 * HOUR;
    await json(await ctx.request(`/api/site/${siteId}/experiment/stop`, { method: 'POST' }));
    await insertEvents(siteId, 2000, clock - HOUR, clock + 3 * HOUR);
    await runRollup(ctx.db, { batch: 97 });
    await expectResultsEqualRawScan();

    // A new split and coverage while stopped: every folded visitor moves to its arm under it.
    await saveSplit([0.3, 0.7], 0.8);
    await expectResultsEqualRawScan();

    // Restarted: the start is kept and the stop taken back, so the events of the pause count again.
    clock += 6 * HOUR;
    await json(await ctx.request(`/api/site/${siteId}/experiment/start`, { method: 'POST' }));
    await insertEvents(siteId, 2000, clock - HOUR, clock + 2 * HOUR);
    await runRollup(ctx.db, { batch: 97 });
    await expectResultsEqualRawScan();

    // Rebuilt from the raw events, every site's or this one's: the same answer.
    const before = await foldedResults();
    await rebuildRollups(ctx.db, { batch: 211 });
    expect(await foldedResults()).toEqual(before);
    await rebuildRollups(ctx.db, { siteId, batch: 211 });
    expect(await foldedResults()).toEqual(before);
    // Folding every event again (the watermark lost) changes nothing: the earliest time wins.
    await sqlRun(ctx.db, "DELETE FROM analytics_rollup_state WHERE name = 'live'");
    await runRollup(ctx.db, { batch: 211 });
    expect(await foldedResults()).toEqual(before);
    await expectResultsEqualRawScan();
  });
});
