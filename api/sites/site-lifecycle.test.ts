import Papa from 'papaparse';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SITE_CSV_COLUMNS, SITE_CSV_HEADERS } from '../../model/site-list-csv.ts';
import { readDomainSite } from '../../publisher/domains.ts';
import { eq } from 'drizzle-orm';
import { accounts } from '../db/schema.ts';
import { addAccount, createTestContext, OPERATOR, pngBytes, SITE_ORIGIN, type TestContext } from '../test-support.ts';
import { exportSitesCsv } from './export-sites.ts';

let ctx: TestContext;
beforeEach(async () => {
  ctx = await createTestContext();
});
afterEach(async () => {
  await ctx.cleanup();
});

async function as(email: string, password: string) {
  const cookie = await ctx.loginAs(email, password);
  return (path: string, init: Parameters<TestContext['request']>[1] = {}) => ctx.request(path, { ...init, headers: { ...(init.headers as Record<string, string>), cookie } });
}

async function publishedSite(settings: Record<string, unknown> = {}): Promise<string> {
  const view = await ctx.createSite({ numberHorizontal: 1, numberVertical: 2, languages: ['jp'], ...settings });
  const { url } = await ctx.uploadMedia(view.id, await pngBytes(40, 60, '#336699'), 'cover.png');
  for (const page of view.creatives[0]!.pages) await ctx.writePage(view.id, page.id, 'jp', { detail: { imageUrl: url } });
  await ctx.publish(view.id);
  return view.id;
}

const statusOf = async (id: string) => ((await (await ctx.request('/api/site')).json()) as { sites: { id: string; status: string; liveVersion: number | null }[] }).sites.find((s) => s.id === id);

describe('POST /api/site/{id}/unpublish', () => {
  it('takes every page off the air, shows the site as unpublished, and a new publish brings it back', async () => {
    const id = await publishedSite();
    expect((await ctx.visit(`/A2`, { site: id })).status).toBe(200);

    const response = await ctx.request(`/api/site/${id}/unpublish`, { method: 'POST', headers: { 'accept-language': 'ja' } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: 'サイトを非公開にしました。ページは表示されなくなります。' });
    expect((await ctx.visit(`/`, { site: id })).status).toBe(404);
    expect((await ctx.visit(`/A2`, { site: id })).status).toBe(404);
    expect(await statusOf(id)).toMatchObject({ status: 'unpublished', liveVersion: null });
    // The visitor API answers for published sites only.
    expect((await ctx.visit(`/api/end-user/site/${id}/company`)).status).toBe(404);
    // Versions are kept: the owner can still roll back or publish again.
    expect((await (await ctx.request(`/api/site/${id}/versions`)).json()).versions).toHaveLength(1);

    expect((await ctx.request(`/api/site/${id}/unpublish`, { method: 'POST' })).status).toBe(404);

    await ctx.publish(id);
    expect((await ctx.visit(`/A2`, { site: id })).status).toBe(200);
    expect(await statusOf(id)).toMatchObject({ status: 'published', liveVersion: 2 });
  });

  it('releases the custom domain the site held', async () => {
    const id = await publishedSite({});
    await ctx.request(`/api/site/${id}`, { method: 'PUT', json: { customDomain: 'shop.example.com' } });
    await ctx.connectDomain(id);
    await ctx.publish(id);
    expect(await readDomainSite(ctx.storage, 'shop.example.com')).toBe(id);
    expect((await ctx.request(`/api/site/${id}/unpublish`, { method: 'POST' })).status).toBe(200);
    expect(await readDomainSite(ctx.storage, 'shop.example.com')).toBeNull();
  });

  it('is refused to another branch, whose site does not exist for it', async () => {
    const id = await publishedSite();
    const oem = await addAccount(ctx.db, { type: 'OEM_MASTER', planId: 'oem' });
    const other = await as(oem.email, oem.password);
    expect((await other(`/api/site/${id}/unpublish`, { method: 'POST' })).status).toBe(404);
    expect((await ctx.visit(`/`, { site: id })).status).toBe(200);
  });
});

describe('DELETE /api/site/{id}', () => {
  it('answers its message in the caller’s language', async () => {
    const id = await publishedSite();
    // Its own origin, read while the site (and its handle) still exists: the address its visitors kept.
    const host = new URL(await ctx.originOf(id)).host;
    expect((await ctx.visit(`/`, { headers: { host } })).status).toBe(200);
    const response = await ctx.request(`/api/site/${id}`, { method: 'DELETE', headers: { 'accept-language': 'ko' } });
    expect(await response.json()).toEqual({ message: '사이트를 삭제했습니다.' });
    expect((await ctx.visit(`/`, { headers: { host } })).status).toBe(404);
  });
});

type CsvRow = Record<string, string>;
function parseCsv(bytes: Uint8Array): CsvRow[] {
  // TextDecoder drops the BOM, as a spreadsheet app reads it.
  return Papa.parse<CsvRow>(new TextDecoder().decode(bytes), { header: true, skipEmptyLines: true }).data;
}

async function exportCsv(call: (path: string, init?: RequestInit) => Promise<Response>, query = ''): Promise<{ response: Response; bytes: Uint8Array; rows: CsvRow[] }> {
  const response = await call(`/api/site/export${query}`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  return { response, bytes, rows: parseCsv(bytes) };
}

describe('GET /api/site/export', () => {
  it('streams the branch’s sites as UTF-8 CSV with a BOM, URL and parent account, headers in the asked language', async () => {
    const published = await publishedSite({ name: '春のキャンペーン' });
    const formula = await ctx.createSite({ name: '=HYPERLINK("x")' });
    const { response, bytes, rows } = await exportCsv((path) => ctx.request(path), '?lang=jp');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toContain('sites.csv');
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const headers = SITE_CSV_HEADERS.jp;
    expect(Object.keys(rows[0]!)).toEqual(SITE_CSV_COLUMNS.map((column) => headers[column]));
    const row = rows.find((r) => r[headers.id] === published)!;
    expect(row).toMatchObject({ [headers.name]: '春のキャンペーン', [headers.status]: '公開中', [headers.url]: `${await ctx.originOf(published)}/`, [headers.liveVersion]: '1' });
    expect(row[headers.parentEmail]).toBe('operator@example.com');
    // A name that a spreadsheet would run as a formula is written as text.
    expect(rows.find((r) => r[headers.id] === formula.id)![headers.name]).toBe(`'=HYPERLINK("x")`);
  });

  it('takes the language from Accept-Language, and an OEM master sees only its branch', async () => {
    await ctx.createSite({ name: 'Platform site' });
    const oem = await addAccount(ctx.db, { type: 'OEM_MASTER', planId: 'oem' });
    const customer = await addAccount(ctx.db, { type: 'USER', parentId: oem.id, planId: 'standard' });
    const customerCall = await as(customer.email, customer.password);
    const created = await customerCall('/api/site', { method: 'POST', json: { name: 'Customer shop', numberHorizontal: 1, numberVertical: 1, languages: ['en'], defaultLanguage: 'en' } });
    expect(created.status).toBe(201);
    const call = await as(oem.email, oem.password);
    const { rows } = await exportCsv((path) => call(path, { headers: { 'accept-language': 'ko-KR' } }));
    const headers = SITE_CSV_HEADERS.kr;
    expect(rows.map((r) => r[headers.name])).toEqual(['Customer shop']);
    expect(rows[0]).toMatchObject({ [headers.parentAccount]: 'USER company', [headers.parentEmail]: customer.email, [headers.status]: '초안' });
  });

  it('pages through more sites than one read holds, each once', async () => {
    for (let n = 0; n < 5; n++) await ctx.createSite({ name: `Site ${n}` });
    const ids = ((await (await ctx.request('/api/site')).json()) as { sites: { id: string }[] }).sites.map((s) => s.id);
    const operator = (await ctx.db.select().from(accounts).where(eq(accounts.email, OPERATOR.email)).get())!;
    const stream = exportSitesCsv(ctx.db, { id: operator.id, tenantId: operator.id, scopeRootId: null }, 'en', { siteOrigin: SITE_ORIGIN }, 2);
    const rows = parseCsv(new Uint8Array(await new Response(stream).arrayBuffer()));
    expect(rows.map((r) => r['Site ID']).sort()).toEqual([...ids].sort());
  });
});

describe('GET /api/site/list/{id}', () => {
  it('lists the sites one account owns, for the types that manage users and within their branch', async () => {
    const oem = await addAccount(ctx.db, { type: 'OEM_MASTER', planId: 'oem' });
    const customer = await addAccount(ctx.db, { type: 'USER', parentId: oem.id, planId: 'standard' });
    const customerCall = await as(customer.email, customer.password);
    await customerCall('/api/site', { method: 'POST', json: { name: 'Customer shop', numberHorizontal: 1, numberVertical: 1 } });
    await ctx.createSite({ name: 'Operator site' });

    const oemCall = await as(oem.email, oem.password);
    const listed = await oemCall(`/api/site/list/${customer.id}`);
    expect(listed.status).toBe(200);
    expect(((await listed.json()) as { sites: { name: string; ownerId: string }[] }).sites).toEqual([expect.objectContaining({ name: 'Customer shop', ownerId: customer.id })]);
    // The platform sees it too; the customer itself is not a type that manages users.
    expect(((await (await ctx.request(`/api/site/list/${customer.id}`)).json()) as { sites: unknown[] }).sites).toHaveLength(1);
    expect((await customerCall(`/api/site/list/${customer.id}`)).status).toBe(403);
    // Another OEM's branch does not exist for this one.
    const otherOem = await addAccount(ctx.db, { type: 'OEM_MASTER', planId: 'oem' });
    expect((await (await as(otherOem.email, otherOem.password))(`/api/site/list/${customer.id}`)).status).toBe(404);
  });
});
