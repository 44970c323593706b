import { get as httpGet } from 'node:http';
/**
 * Admin benchmark (`npm run bench`, or alone: `node bench/admin.bench.ts`):
 * - the JavaScript the login screen loads (first load), and what opening the site editor adds,
 *   weighed gzipped (level 9) from Chromium's own responses;
 * - on a bench site (3 × 3, nine images, published once), the time from clicking Publish in the
 *   console to the live page showing a one-text edit, five runs, median reported.
 * Nothing is asserted; figures go to bench/results/admin.json.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { loadConfig } from '../api/config.ts';
import { startServer } from '../api/server.ts';
import { launchBrowser } from '../e2e/browser.ts';
import { pageIds, signIn } from '../e2e/site-api.ts';
import { ensureBuilt } from '../scripts/build-template.ts';

const PASSWORD = 'Bench#Pass1';
const RUNS = 5;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const line = (label: string, value: string) => console.log(`  ${label.padEnd(40)} ${value}`);

/**
 * A published page's HTML as a visitor gets it: the shared address answers 301 to the site's own
 * origin, `{handle}.localhost`, which Node's resolver does not know; the request goes to loopback
 * naming that host.
 */
async function siteText(siteUrl: string, path: string): Promise<string> {
  const get = (url: URL, host: string) =>
    new Promise<{ status: number; location?: string; body: string }>((resolve, reject) => {
      const request = httpGet({ host: '127.0.0.1', port: url.port, path: url.pathname + url.search, headers: { host } }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          body += chunk;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, location: response.headers.location, body }));
      });
      request.on('error', reject);
    });
  const entry = new URL(path, siteUrl);
  const first = await get(entry, entry.host);
  if (first.status !== 301 || !first.location) return first.body;
  const own = new URL(first.location);
  return (await get(own, own.host)).body;
}

/** Records every script response of a page, gzipped. */
function weighScripts(page: Page) {
  const files = new Map<string, number>();
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    pending.push(
      response.body().then(
        (body) => {
          files.set(new URL(response.url()).pathname, gzipSync(body, { level: 9 }).byteLength);
        },
        () => {},
      ),
    );
  });
  return async () => {
    await Promise.all(pending);
    return { total: [...files.values()].reduce((sum, n) => sum + n, 0), files: new Map(files) };
  };
}

await ensureBuilt({ log: () => {} });
const dataDir = await mkdtemp(join(os.tmpdir(), 'swipegrid-bench-admin-'));
const server = await startServer(loadConfig({ DATA_DIR: dataDir, PORT: '0', SITE_PORT: '0', ADMIN_EMAIL: 'bench@example.com', ADMIN_PASSWORD: PASSWORD, SEED_DEMO: 'false' }), () => {});
const browser = await launchBrowser();
try {
  const api = await signIn(server, 'bench@example.com', PASSWORD);
  const site = await api.createSite({ name: 'Bench site', numberHorizontal: 3, numberVertical: 3, defaultLanguage: 'jp', languages: ['jp'] });
  const ids = pageIds(site);
  const colours = ['#d32f2f', '#f57c00', '#fbc02d', '#388e3c', '#0097a7', '#1976d2', '#512da8', '#c2185b', '#455a64'];
  for (const [index, position] of Object.keys(ids).sort().entries()) {
    await api.writePage(site.id, ids[position]!, { detail: { imageUrl: await api.uploadImage(site.id, colours[index]!), mainText: `Page ${position}` } });
  }
  await api.publish(site.id);

  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  const loginScripts = weighScripts(page);
  await page.goto(`${server.adminUrl}/login`, { waitUntil: 'networkidle' });
  const login = await loginScripts();
  await page.getByLabel('メールアドレス').fill('bench@example.com');
  await page.getByLabel('パスワード').fill(PASSWORD);
  await page.getByRole('button', { name: 'ログイン' }).click();
  await page.waitForURL('**/site-list');
  // The editor weighed on a load of its own: everything it needs.
  const editorPage = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await editorPage.context().addCookies(await page.context().cookies());
  const editorScripts = weighScripts(editorPage);
  await editorPage.goto(`${server.adminUrl}/master/site/${site.id}`, { waitUntil: 'networkidle' });
  await editorPage.getByLabel('メインテキスト', { exact: true }).waitFor();
  const editor = await editorScripts();

  const timings: number[] = [];
  for (let run = 1; run <= RUNS; run++) {
    const text = `Bench edit ${run} ${Date.now()}`;
    // The page saves itself: the draft holds the text before Publish is clicked.
    await editorPage.getByLabel('メインテキスト', { exact: true }).fill(text);
    while (!(await (await editorPage.request.get(`${server.adminUrl}/api/site/${site.id}`)).text()).includes(text)) await new Promise((resolve) => setTimeout(resolve, 20));
    const started = performance.now();
    await editorPage.getByRole('button', { name: '公開する', exact: true }).click();
    for (;;) {
      const html = await siteText(server.siteUrl, `/sites/${site.id}/`);
      if (html.includes(text)) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    timings.push(performance.now() - started);
    await editorPage.getByTestId('publish-result').waitFor();
  }
  const sorted = [...timings].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)]!;

  console.log('Admin console');
  line('login screen, first-load JS (gzip)', kb(login.total));
  line('site editor, all JS on its own load (gzip)', kb(editor.total));
  line('editor JS beyond the login screen (gzip)', kb(editor.total - login.total));
  line(`publish click → live page changed (median of ${RUNS})`, `${median.toFixed(0)} ms (${sorted.map((ms) => ms.toFixed(0)).join(', ')})`);
  const results = fileURLToPath(new URL('results/', import.meta.url));
  await mkdir(results, { recursive: true });
  await writeFile(
    join(results, 'admin.json'),
    `${JSON.stringify(
      {
        date: new Date().toISOString(),
        loginFirstLoadJsGzipBytes: login.total,
        editorJsGzipBytes: editor.total,
        loginFiles: Object.fromEntries(login.files),
        editorFiles: Object.fromEntries([...editor.files].sort((a, b) => b[1] - a[1])),
        publishToLiveMs: { median: Math.round(median), runs: timings.map(Math.round) },
      },
      null,
      2,
    )}\n`,
  );
} finally {
  await browser.close();
  await server.close();
  await rm(dataDir, { recursive: true, force: true });
}
