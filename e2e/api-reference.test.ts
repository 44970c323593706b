import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../api/config.ts';
import { startServer, type RunningServer } from '../api/server.ts';
import { launchBrowser } from './browser.ts';

let dataDir: string;
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'swipegrid-e2e-reference-'));
  server = await startServer(loadConfig({ DATA_DIR: dataDir, PORT: '0', SITE_PORT: '0', ADMIN_EMAIL: 'owner@example.com', ADMIN_PASSWORD: 'Operator-pass1!' }), () => {});
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('the API reference', () => {
  it('renders every endpoint from our own origin, under the admin CSP, with no request leaving the machine', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const requests: string[] = [];
    const problems: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    page.on('console', (message) => {
      // A CSP refusal is a console error (Chromium's own /favicon.ico miss is one too, and no concern here).
      if (message.type() === 'error' && /Content Security Policy|Refused to/i.test(message.text())) problems.push(message.text());
    });
    page.on('response', (answer) => {
      if (answer.status() >= 400) problems.push(`${answer.status()} ${answer.url()}`);
    });
    page.on('pageerror', (error) => problems.push(error.message));
    const response = await page.goto(`${server.adminUrl}/api/reference`);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-security-policy']).toContain("connect-src 'self'");
    // Every area is a group of the sidebar; the first is open, the others open on a click.
    await expect.poll(() => page.getByText('publishing', { exact: true }).count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await page.getByText('publishing', { exact: true }).first().click();
    await expect.poll(() => page.getByText('Start publishing the draft').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    // The introduction, with its sign-in example.
    await expect.poll(() => page.getByText('Signing in').count()).toBeGreaterThan(0);
    expect(await page.content()).toContain('/api/auth/login');
    // The endpoint's own section: its path, its policy sentence.
    await page.getByText('Start publishing the draft').first().click();
    await expect.poll(() => page.getByText('/api/site/{id}/publish', { exact: true }).count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByText(/refused to viewers/).count()).toBeGreaterThan(0);
    // Time for anything the viewer fetches late (fonts, icons, telemetry) to show in the log.
    await page.waitForTimeout(2_000);
    await page.screenshot({ path: 'test-results/api-reference.png' });
    const outside = requests.filter((url) => !/^(?:https?:\/\/(?:127\.0\.0\.1|localhost)(?::\d+)?\/|data:|blob:|about:)/.test(url));
    expect(outside).toEqual([]);
    expect(requests).toContain(`${server.adminUrl}/api/reference/viewer.js`);
    expect(requests).toContain(`${server.adminUrl}/api/openapi.json`);
    // No CSP refusal, no script error, no failed request.
    expect(problems).toEqual([]);
    await page.close();
  });
});
