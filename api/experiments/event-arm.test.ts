import { sqlAll } from '../db/test-sql.ts';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignArm } from '../../model/ab/experiment.ts';
import { runRollup } from '../analytics/run-rollup.ts';
import { experiments } from '../db/schema-experiments.ts';
import { visitorEvents } from '../db/schema-visitor.ts';
import { createTestContext, type TestContext } from '../test-support.ts';
import { experimentArmOf } from './event-arm.ts';

let ctx: TestContext;
let siteId: string;
const EXPERIMENT = {
  id: 'exp-1',
  seed: 'seed-7c1',
  coverage: 1,
  arms: [
    { arm: 'control', weight: 0.5 },
    { arm: 'B', weight: 0.5 },
  ],
};

beforeAll(async () => {
  ctx = await createTestContext();
  siteId = (await ctx.createSite({ numberHorizontal: 1, numberVertical: 1 })).id;
  await ctx.db
    .insert(experiments)
    .values({ ...EXPERIMENT, siteId, name: 'Headline', status: 'running', startedAt: new Date() })
    .run();
});

afterAll(async () => {
  await ctx.cleanup();
});

describe("an event's arm for the analytics rollups", () => {
  it('is the arm the site host hashed the visitor into, and empty outside an experiment', async () => {
    const armOf = experimentArmOf(ctx.db);
    const at = Date.now();
    for (let n = 0; n < 200; n++) {
      const variationId = randomUUID();
      expect(await armOf({ siteId, variationId, experimentId: EXPERIMENT.id, at })).toBe(assignArm(variationId, EXPERIMENT));
    }
    expect(await armOf({ siteId, variationId: randomUUID(), experimentId: null, at })).toBe('');
    expect(await armOf({ siteId, variationId: null, experimentId: EXPERIMENT.id, at })).toBe('');
    expect(await armOf({ siteId, variationId: randomUUID(), experimentId: 'no-such-experiment', at })).toBe('');
  });

  it('reads a restarted experiment’s new split once its cached copy is 10 s old', async () => {
    let clock = 1_700_000_000_000;
    const armOf = experimentArmOf(ctx.db, () => clock);
    const event = (variationId: string) => ({ siteId, variationId, experimentId: EXPERIMENT.id, at: clock });
    const ids = Array.from({ length: 50 }, () => randomUUID());
    expect(await Promise.all(ids.map((id) => armOf(event(id))))).toEqual(ids.map((id) => assignArm(id, EXPERIMENT)));
    const allB = {
      ...EXPERIMENT,
      arms: [
        { arm: 'control', weight: 0 },
        { arm: 'B', weight: 1 },
      ],
    };
    await ctx.db.update(experiments).set({ arms: allB.arms }).where(eq(experiments.id, EXPERIMENT.id)).run();
    clock += 10_000;
    expect(await Promise.all(ids.map((id) => armOf(event(id))))).toEqual(ids.map(() => 'B'));
    await ctx.db.update(experiments).set({ arms: EXPERIMENT.arms }).where(eq(experiments.id, EXPERIMENT.id)).run();
  });

  it('puts each visitor’s views under its arm in the rollups, so reports can filter by variant', async () => {
    const now = new Date();
    const visitors = Array.from({ length: 40 }, () => randomUUID());
    await ctx.db
      .insert(visitorEvents)
      .values(
        visitors.map((variationId) => ({
          siteId,
          kind: 'landing',
          cell: 'A1',
          sessionId: variationId,
          visitId: variationId,
          variationId,
          experimentId: EXPERIMENT.id,
          device: 'mobile',
          occurredAt: now,
          receivedAt: now,
        })),
      )
      .run();
    await runRollup(ctx.db, { armOf: experimentArmOf(ctx.db) });
    const rows = await sqlAll(ctx.db, "SELECT variant, SUM(views) AS views FROM analytics_cell_rollups WHERE site_id = ? AND grain = 'h' GROUP BY variant ORDER BY variant", siteId);
    const expected = { B: 0, control: 0 };
    for (const visitor of visitors) expected[assignArm(visitor, EXPERIMENT) as 'B' | 'control']++;
    expect(rows).toEqual(
      Object.entries(expected)
        .filter(([, views]) => views > 0)
        .map(([variant, views]) => ({ variant, views })),
    );
  });
});
