import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../api/config.ts';
import { startLocalDnsServer, type Zone } from '../api/domains/local-dns-server.ts';
import { startServer, type RunningServer } from '../api/server.ts';
import { launchBrowser } from './browser.ts';
import { signIn } from './site-api.ts';

const SHOTS = 'test-results/screenshots';
const EMAIL = 'owner@example.com';
const PASSWORD = 'Operator-pass1!';
const DOMAIN = 'shop.example.test';
const TARGET = 'sites.swipegrid.test';

const zone: Zone = new Map();
let dns: Awaited<ReturnType<typeof startLocalDnsServer>>;
let dataDir: string;
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  await mkdir(SHOTS, { recursive: true });
  dns = await startLocalDnsServer(zone);
  dataDir = await mkdtemp(join(tmpdir(), 'swipegrid-e2e-keys-'));
  const env = { DATA_DIR: dataDir, PORT: '0', SITE_PORT: '0', ADMIN_EMAIL: EMAIL, ADMIN_PASSWORD: PASSWORD, SEED_DEMO: 'false' };
  server = await startServer(loadConfig({ ...env, DNS_RESOLVER: dns.address, DOMAIN_CNAME_TARGET: TARGET, DOMAIN_ADDRESSES: '192.0.2.10' }), () => {});
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await dns?.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function signedIn(): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.goto(`${server.adminUrl}/login`);
  await page.getByLabel('言語').selectOption('en');
  await page.getByLabel('Email').fill(EMAIL);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/master/site-list');
  return page;
}

describe('the API generation dialog', () => {
  it('issues a key restricted to addresses, shows it once, and the key is refused from elsewhere', { timeout: 120_000 }, async () => {
    const page = await signedIn();
    await page.getByRole('link', { name: 'API keys' }).click();
    await page.getByRole('button', { name: 'Generate API key' }).click();
    const dialog = page.getByRole('dialog', { name: 'Generate API key' });
    await dialog.getByLabel('Name', { exact: true }).fill('Nightly report');
    await dialog.getByLabel('IP restriction').check();
    // On with no address: refused beside the field.
    await dialog.getByRole('button', { name: 'Generate API key' }).click();
    await expect.poll(() => dialog.getByText('Enter at least one IP address.').count()).toBe(1);
    await dialog.getByLabel('Allowed IP addresses').fill('203.0.113.0/24\n2001:db8::/32');
    await dialog.getByLabel('Basic authentication').check();
    await dialog.getByLabel('ID', { exact: true }).fill('report-bot');
    await page.screenshot({ path: `${SHOTS}/api-key-dialog.png` });
    await dialog.getByRole('button', { name: 'Generate API key' }).click();
    await expect.poll(() => dialog.getByText('Enter both the ID and the password for basic authentication.').count()).toBe(1);
    await dialog.getByLabel('Password', { exact: true }).fill('a long basic password');
    await dialog.getByRole('button', { name: 'Generate API key' }).click();

    const key = (await dialog.locator('code.secret').textContent()) ?? '';
    expect(key).toMatch(/^sgk_/);
    await page.screenshot({ path: `${SHOTS}/api-key-issued.png` });
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => page.locator('tbody tr').first().textContent()).toContain('Nightly report');
    expect(await page.content()).not.toContain(key);

    // This test calls from 127.0.0.1, outside the key's list.
    const refused = await fetch(`${server.adminUrl}/api/site`, { headers: { authorization: `Bearer ${key}` } });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ key: 'ipNotAllowed' });
    await page.close();
  });
});

describe('the domain setup stepper', () => {
  it('shows the records to create, what the name resolves to when wrong, then connected', { timeout: 120_000 }, async () => {
    const owner = await signIn(server, EMAIL, PASSWORD);
    const site = await owner.createSite({ name: 'Shop', numberHorizontal: 1, numberVertical: 1 });
    const page = await signedIn();
    await page.goto(`${server.adminUrl}/master/site/${site.id}`);
    await page.getByRole('button', { name: 'Site settings' }).click();
    const form = page.getByRole('form', { name: 'Custom domain' });
    const current = () => form.locator('[aria-current="step"]').textContent();
    await form.getByLabel('Custom domain').fill(DOMAIN);
    await form.getByRole('button', { name: 'Save the domain' }).click();
    await expect.poll(current).toBe('Saved');
    const records = await form.getByTestId('dns-records').textContent();
    expect(records).toContain(`_swipegrid.${DOMAIN}`);
    expect(records).toContain(TARGET);
    expect(records).toContain('192.0.2.10');
    const token = (await form.getByTestId('dns-records').locator('tbody tr').first().locator('td').nth(2).textContent()) ?? '';

    zone.set(DOMAIN, { A: ['198.51.100.23'] });
    await form.getByRole('button', { name: 'Start the check' }).click();
    await expect.poll(current).toBe('Verifying (up to 72 hours) · Misconfigured');
    const found = await form.getByTestId('found-vs-expected').textContent();
    expect(found).toContain('198.51.100.23');
    expect(found).toContain(`CNAME ${TARGET}`);
    await form.getByTestId('found-vs-expected').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/domain-stepper-misconfigured.png` });

    zone.set(DOMAIN, { CNAME: [TARGET] });
    zone.set(`_swipegrid.${DOMAIN}`, { TXT: [token] });
    // "Check now" pressed again within a few seconds asks no DNS server twice.
    await page.waitForTimeout(3_100);
    await form.getByRole('button', { name: 'Check now' }).click();
    await expect.poll(current).toBe('Connected');
    await page.screenshot({ path: `${SHOTS}/domain-stepper-connected.png` });
    expect((await fetch(`${server.siteUrl}/api/tls/ask?domain=${DOMAIN}`)).status).toBe(200);
    await page.close();
  });
});
