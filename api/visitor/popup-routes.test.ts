import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, moveOwnerToPlan, type TestContext } from '../test-support.ts';

let ctx: TestContext;
let siteId: string;

beforeEach(async () => {
  ctx = await createTestContext();
  siteId = (await ctx.createSite({ numberHorizontal: 1, numberVertical: 2 })).id;
  await ctx.publish(siteId);
});

afterEach(async () => {
  await ctx.cleanup();
});

const day = 24 * 3600_000;
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

// A popup as an owner saves it leads somewhere (model/link-targets.ts).
const LEADS = { transition: { transitionType: 'EXTERNAL_URL', externalLinkUrl: 'https://example.com/' } };

async function setPopups(popupCtas: Record<string, Record<string, unknown>>) {
  const leading = Object.fromEntries(Object.entries(popupCtas).map(([kind, item]) => [kind, { ...LEADS, ...item }]));
  const response = await ctx.request(`/api/site/${siteId}`, { method: 'PUT', json: { popupCtas: leading } });
  expect(response.status).toBe(200);
}

const applicant = (input: Record<string, unknown> = {}) => ({ id: 'apply1', startDate: iso(-day), endDate: iso(day), effectivePages: [1], limit: 10, ...input });
const apply = async (ip: string, popupId = 'apply1') => await ctx.visit(`/api/end-user/site/${siteId}/popup-cta/${popupId}/apply?lang=en`, { site: siteId, method: 'POST', ip });

describe('popup calls to action', () => {
  it('lists both popups with numberClicks and remaining, and whether each is active on a page', async () => {
    await setPopups({ timeLimit: { id: 'time1', startDate: iso(-day), endDate: iso(day), effectivePages: [2] }, applicantLimit: applicant({ numberClicks: 3 }) });
    const response = await ctx.visit(`/api/end-user/site/${siteId}/popup-cta?page_order=1`, { site: siteId });
    expect(response.status).toBe(200);
    const { popups } = (await response.json()) as { popups: { kind: string; id: string; numberClicks: number; remaining: number | null; active: boolean }[] };
    expect(popups.map(({ kind, id, numberClicks, remaining, active }) => ({ kind, id, numberClicks, remaining, active }))).toEqual([
      { kind: 'timeLimit', id: 'time1', numberClicks: 0, remaining: null, active: false },
      { kind: 'applicantLimit', id: 'apply1', numberClicks: 3, remaining: 7, active: true },
    ]);
  });

  it('counts an applicant and returns limit minus numberClicks as remaining', async () => {
    await setPopups({ applicantLimit: applicant({ numberClicks: 8 }) });
    expect(await (await apply('192.0.2.1')).json()).toEqual({ numberClicks: 9, remaining: 1 });
    expect(await (await apply('192.0.2.2')).json()).toEqual({ numberClicks: 10, remaining: 0 });
    const full = await apply('192.0.2.3');
    expect(full.status).toBe(400);
    expect(await full.json()).toEqual({ message: 'Sorry, the number of applicants has reached the limit.', code: 'conflict', key: 'applicantsFull', values: {}, issues: [] });
  });

  it('never counts past the limit under 200 concurrent requests against a limit of 10', async () => {
    await setPopups({ applicantLimit: applicant({ limit: 10 }) });
    const responses = await Promise.all(Array.from({ length: 200 }, async (_, i) => await apply(`10.0.${i >> 8}.${i & 255}`)));
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    expect(statuses.filter((status) => status === 400)).toHaveLength(190);
    const counts = await Promise.all(responses.filter((response) => response.status === 200).map(async (response) => ((await response.json()) as { numberClicks: number }).numberClicks));
    expect(counts.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const { popups } = (await (await ctx.visit(`/api/end-user/site/${siteId}/popup-cta`, { site: siteId })).json()) as { popups: { numberClicks: number; remaining: number }[] };
    expect(popups[0]).toMatchObject({ numberClicks: 10, remaining: 0 });
  });

  it('never counts past the limit when four threads with their own connections race on the same file', async () => {
    await setPopups({ applicantLimit: applicant({ limit: 10 }) });
    const start = new SharedArrayBuffer(4);
    const workers = Array.from(
      { length: 4 },
      () =>
        new Worker(path.join(import.meta.dirname, './count-applicant.worker.ts'), {
          workerData: { file: ctx.database, siteId, popupId: 'apply1', room: 10, attempts: 50, start },
        }),
    );
    const messages = (worker: Worker) => {
      const ready = new Promise<void>((resolve, reject) => {
        worker.once('message', () => resolve());
        worker.once('error', reject);
      });
      const done = ready.then(
        () =>
          new Promise<number[]>((resolve, reject) => {
            worker.once('message', resolve);
            worker.once('error', reject);
          }),
      );
      return { ready, done };
    };
    const threads = workers.map(messages);
    const results = threads.map((thread) => thread.done);
    // Once every thread has its connection open, release them together.
    await Promise.all(threads.map((thread) => thread.ready));
    Atomics.store(new Int32Array(start), 0, 1);
    Atomics.notify(new Int32Array(start), 0);
    const counted = (await Promise.all(results)).flat().sort((a, b) => a - b);
    expect(counted).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('refuses applicants outside the popup window, and an unknown popup', async () => {
    await setPopups({ applicantLimit: applicant({ startDate: iso(day), endDate: iso(2 * day) }) });
    const early = await apply('192.0.2.1');
    expect(early.status).toBe(400);
    expect(((await early.json()) as { message: string }).message).toBe('This offer is not available now.');
    expect((await apply('192.0.2.1', 'other')).status).toBe(404);
  });

  it("hides popups entirely and counts nothing once the owner's plan lacks settingPopupCta", async () => {
    await setPopups({ applicantLimit: applicant() });
    expect(((await (await ctx.visit(`/api/end-user/site/${siteId}/popup-cta?page_order=1`, { site: siteId })).json()) as { popups: unknown[] }).popups).toHaveLength(1);
    await moveOwnerToPlan(ctx, siteId, 'light-multilingual');
    expect(await (await ctx.visit(`/api/end-user/site/${siteId}/popup-cta?page_order=1`, { site: siteId })).json()).toEqual({ popups: [] });
    expect((await apply('192.0.2.1')).status).toBe(404);
  });
});
