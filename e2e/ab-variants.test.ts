import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../api/config.ts';
import { startServer, type RunningServer } from '../api/server.ts';
import { assignArm, type ExperimentView } from '../model/ab/experiment.ts';
import { handleOrigin } from '../model/site-origin.ts';
import type { SiteView } from '../model/site-view.ts';
import { launchBrowser, waitForHydration } from './browser.ts';
import { pageIds, signIn } from './site-api.ts';

const PASSWORD = 'Variant-pass1!';
const CONTROL_TEXT = 'Control offer 41';
const VARIANT_TEXT = 'Variant offer 87';

let dataDir: string;
let server: RunningServer;
let browser: Browser;
let siteOrigin: string;
let experiment: ExperimentView;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'swipegrid-e2e-'));
  server = await startServer(loadConfig({ DATA_DIR: dataDir, PORT: '0', SITE_PORT: '0', ADMIN_PASSWORD: PASSWORD, SEED_DEMO: 'false', ADMIN_EMAIL: 'operator@example.com' }), () => {});
  const api = await signIn(server, 'operator@example.com', PASSWORD);
  const site = await api.createSite({ name: 'Variants', numberHorizontal: 1, numberVertical: 2, languages: ['jp'] });
  const pages = pageIds(site);
  await api.writePage(site.id, pages.A1!, { detail: { imageUrl: await api.uploadImage(site.id, '#b91c1c'), mainText: CONTROL_TEXT } });
  await api.writePage(site.id, pages.A2!, { detail: { imageUrl: await api.uploadImage(site.id, '#15803d'), mainText: 'Second page' } });
  await api.call('POST', `/api/site/${site.id}/page/${pages.A1}/variants`, {}, 201);
  const variantImage = await api.uploadImage(site.id, '#1d4ed8');
  await api.call('PUT', `/api/site/${site.id}/page/${pages.A1}/variants/B?lang=jp`, { detail: { imageUrl: variantImage, mainText: VARIANT_TEXT } });
  await api.call('PUT', `/api/site/${site.id}/experiment`, {
    name: 'Offer',
    arms: [
      { arm: 'control', weight: 0.5 },
      { arm: 'B', weight: 0.5 },
    ],
  });
  experiment = (await api.call<{ experiment: ExperimentView }>('POST', `/api/site/${site.id}/experiment/start`)).experiment;
  await api.publish(site.id);
  const { settings } = await api.call<SiteView>('GET', `/api/site/${site.id}`);
  siteOrigin = handleOrigin(server.siteUrl, 'localhost', settings.handle!);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** A visitor id GrowthBook's hash puts in the arm. */
function visitorIn(arm: 'control' | 'B'): string {
  for (;;) {
    const id = randomUUID();
    if (assignArm(id, experiment) === arm) return id;
  }
}

type Measure = { lcpPath: string; lcpTag: string; lcpMs: number; cls: number; sawControl: boolean; sawVariant: boolean; firstText: string; text: string };

/**
 * Loads the site's first page as a phone whose variationId puts it in `arm`, recording from the
 * first byte: the largest contentful paint (its element's place in the DOM), every layout shift,
 * and whether either arm's text was ever in the document.
 */
async function load(arm: 'control' | 'B'): Promise<Measure> {
  const context = await browser.newContext({ viewport: { width: 375, height: 739 }, hasTouch: true, isMobile: true });
  const origin = new URL(siteOrigin);
  await context.addCookies([{ name: 'variationId', value: visitorIn(arm), domain: origin.hostname, path: '/' }]);
  await context.addInitScript(
    ([control, variant]) => {
      const record = { lcp: null as null | { path: string; tag: string; ms: number }, cls: 0, sawControl: false, sawVariant: false, firstText: '' };
      (window as unknown as { __ab: typeof record }).__ab = record;
      const pathOf = (element: Element | null): string => {
        const parts: string[] = [];
        for (let node = element; node && node !== document.documentElement; node = node.parentElement) parts.unshift(`${node.tagName}:${[...(node.parentElement?.children ?? [])].indexOf(node)}`);
        return parts.join('>');
      };
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { element: Element | null })[])
          record.lcp = { path: pathOf(entry.element), tag: entry.element?.tagName ?? '', ms: entry.startTime };
      }).observe({ type: 'largest-contentful-paint', buffered: true });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!entry.hadRecentInput) record.cls += entry.value;
      }).observe({ type: 'layout-shift', buffered: true });
      const look = () => {
        const text = document.documentElement.textContent ?? '';
        if (!record.firstText && document.body) record.firstText = text.includes(variant) ? 'variant' : text.includes(control) ? 'control' : '';
        record.sawControl ||= text.includes(control);
        record.sawVariant ||= text.includes(variant);
      };
      // From the parser's first node on: any text the visitor could have seen, even for a frame.
      new MutationObserver(look).observe(document, { childList: true, subtree: true, characterData: true });
    },
    [CONTROL_TEXT, VARIANT_TEXT] as const,
  );
  const page = await context.newPage();
  try {
    await page.goto(`${siteOrigin}/`);
    await waitForHydration(page);
    // LCP is final at the first input; wait for loads to settle, then read it.
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    const record = await page.evaluate(
      () => (window as unknown as { __ab: { lcp: { path: string; tag: string; ms: number } | null; cls: number; sawControl: boolean; sawVariant: boolean; firstText: string } }).__ab,
    );
    const text = (await page.textContent('body')) ?? '';
    return {
      lcpPath: record.lcp?.path ?? '',
      lcpTag: record.lcp?.tag ?? '',
      lcpMs: record.lcp?.ms ?? Number.NaN,
      cls: record.cls,
      sawControl: record.sawControl,
      sawVariant: record.sawVariant,
      firstText: record.firstText,
      text,
    };
  } finally {
    await context.close();
  }
}

describe('a variant page in the browser', () => {
  it('paints the variant from the first frame, with the same LCP element and no layout shift as the plain page', async () => {
    const plain = await load('control');
    const variant = await load('B');
    console.log(`LCP control ${plain.lcpMs.toFixed(0)} ms (${plain.lcpTag}), variant ${variant.lcpMs.toFixed(0)} ms (${variant.lcpTag}); CLS ${plain.cls} / ${variant.cls}`);
    // No flicker: the variant's text was the first in the document and the control's never was.
    expect(variant.firstText).toBe('variant');
    expect(variant.sawControl).toBe(false);
    expect(variant.text).toContain(VARIANT_TEXT);
    expect(plain.firstText).toBe('control');
    expect(plain.sawVariant).toBe(false);
    // The same element is the largest paint, and nothing moves on either.
    expect(plain.lcpPath).not.toBe('');
    expect(variant.lcpPath).toBe(plain.lcpPath);
    expect(variant.lcpTag).toBe(plain.lcpTag);
    expect(plain.cls).toBe(0);
    expect(variant.cls).toBe(0);
  });
});
