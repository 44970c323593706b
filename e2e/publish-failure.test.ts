import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../api/config.ts';
import { startServer, type RunningServer } from '../api/server.ts';
import { corruptVideoStream, makeTestVideo } from '../publisher/test-video.ts';
import { launchBrowser } from './browser.ts';
import { pageIds, signIn } from './site-api.ts';

const EMAIL = 'broken-video@example.com';
const PASSWORD = 'Broken#Video1';

let dataDir: string;
let server: RunningServer;
let browser: Browser;
let siteId: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'swipegrid-e2e-publish-failure-'));
  server = await startServer(loadConfig({ DATA_DIR: dataDir, PORT: '0', SITE_PORT: '0', ADMIN_EMAIL: EMAIL, ADMIN_PASSWORD: PASSWORD, SEED_DEMO: 'false' }), () => {});
  browser = await launchBrowser();
  const api = await signIn(server, EMAIL, PASSWORD);
  const site = await api.createSite({ name: 'Broken clip', numberHorizontal: 1, numberVertical: 1, languages: ['jp'] });
  siteId = site.id;
  // The container and index whole, the stream corrupted: the upload takes it, packaging fails.
  const broken = corruptVideoStream(await makeTestVideo(dataDir, { width: 320, height: 240, seconds: 3, kbps: 300 }));
  const form = new FormData();
  form.append('file', new File([new Uint8Array(broken)], 'broken.mp4', { type: 'video/mp4' }));
  const upload = await api.call<{ url: string }>('POST', `/api/site/${siteId}/media`, form, 201);
  await api.writePage(siteId, pageIds(site).A1!, { detail: { imageUrl: upload.url, mainText: 'Clip' } });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('a publish whose video cannot be packaged, in the console', () => {
  it("shows why where the result would be, in the console's language", { timeout: 180_000 }, async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(`${server.adminUrl}/login`);
    await page.getByLabel('言語').selectOption('en');
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/site-list');

    const publishAndReadFailure = async (publish: string) => {
      await page.goto(`${server.adminUrl}/admin-user/site/${siteId}`);
      // The editor bar's Publish button, its failure said right below it.
      await page.getByRole('button', { name: publish, exact: true }).click();
      const failure = page.getByTestId('publish-failure');
      await expect.poll(() => failure.textContent(), { timeout: 60_000 }).toBeTruthy();
      expect(await page.getByTestId('publish-result').count()).toBe(0);
      return (await failure.textContent()) ?? '';
    };
    expect(await publishAndReadFailure('Publish')).toBe(
      'The video broken.mp4 could not be prepared for streaming (the file may be damaged). Replace it and publish again; the previous version is still live.',
    );

    await page.evaluate(() => localStorage.setItem('selectedLanguage', 'jp'));
    expect(await publishAndReadFailure('公開する')).toMatch(/^動画broken\.mp4を配信用に変換できませんでした/);
  });
});
