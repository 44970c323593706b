import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DomainCheck } from '../../model/domain.ts';
import type { OemBranding } from '../../model/branding.ts';
import { createSiteApp } from '../app.ts';
import { startLocalDnsServer, type Zone } from '../domains/local-dns-server.ts';
import { oemBrandings } from '../db/schema-identity.ts';
import { addAccount, ADMIN_ORIGIN, createTestContext, SITE_ORIGIN, testRenderer, type TestContext } from '../test-support.ts';
import { createAdminHosts } from './admin-hosts.ts';

/** Where the admin hosts must point, as custom domains must (DOMAIN_CNAME_TARGET). */
const TARGET = { cname: 'sites.swipegrid.test', addresses: [] };
const HOST_A = 'admin.oem-a.test';
const HOST_B = 'admin.oem-b.test';
const PREVIEW_ORIGIN = 'http://preview.localhost:3001';
const COLOURS = { mainColor: '#000000', textColor: '#FFFFFF' };

type Account = { id: string; email: string; password: string };
type ErrorBody = { key: string };

const zone: Zone = new Map();
let dns: Awaited<ReturnType<typeof startLocalDnsServer>>;
let ctx: TestContext;
let oemA: Account;
let oemB: Account;
const cookies = new Map<string, string>();

beforeAll(async () => {
  dns = await startLocalDnsServer(zone);
});
afterAll(async () => {
  await dns.close();
});
beforeEach(async () => {
  zone.clear();
  cookies.clear();
  ctx = await createTestContext({ dnsServers: [dns.address], domainTarget: TARGET });
  oemA = await addAccount(ctx.db, { type: 'OEM_MASTER', planId: 'oem' });
  oemB = await addAccount(ctx.db, { type: 'OEM_MASTER', planId: 'oem' });
});
afterEach(() => ctx.cleanup());

async function as(account: Account, path: string, init: RequestInit & { json?: unknown } = {}): Promise<Response> {
  let cookie = cookies.get(account.email);
  if (!cookie) {
    cookie = await ctx.loginAs(account.email, account.password);
    cookies.set(account.email, cookie);
  }
  return ctx.request(path, { ...init, headers: { ...(init.headers as Record<string, string> | undefined), cookie } });
}

const claim = (oem: Account, adminHost: string, headers: Record<string, string> = {}) => as(oem, '/api/oem-master/branding', { method: 'PUT', json: { ...COLOURS, adminHost }, headers });
const brandingOf = async (oem: Account) => ((await (await as(oem, '/api/oem-master/branding')).json()) as { branding: OemBranding }).branding;
const check = (oem: Account) => as(oem, '/api/oem-master/branding/admin-host/check', { method: 'POST' });
const tlsAsk = async (host: string) => (await ctx.visit(`/api/tls/ask?domain=${host}`)).status;

/** Creates at the host's DNS the records the OEM's branding screen asks for, beside any there already (a TXT name may hold several values). */
async function publishRecords(oem: Account): Promise<void> {
  // A server that asks for no records (one that trusts any name) gets none.
  for (const record of (await brandingOf(oem)).adminHostRecords ?? []) {
    const records = zone.get(record.name) ?? {};
    const type = record.type as 'TXT' | 'CNAME';
    records[type] = [...(records[type] ?? []).filter((value) => value !== record.value), record.value];
    zone.set(record.name, records);
  }
}

describe('an OEM’s admin host, verified by DNS', () => {
  it('is refused by the TLS ask while pending, shows the records to create, and is allowed once DNS proves it', async () => {
    expect((await claim(oemA, HOST_A)).status).toBe(200);
    expect(await tlsAsk(HOST_A)).toBe(404);
    const pending = await brandingOf(oemA);
    expect(pending.adminHostState).toBe('pending');
    const txt = pending.adminHostRecords.find((record) => record.type === 'TXT')!;
    expect(txt).toMatchObject({ name: `_swipegrid.${HOST_A}`, value: expect.stringMatching(/^sg-verify-[0-9a-f]{32}$/) });
    expect(pending.adminHostRecords).toContainEqual({ type: 'CNAME', name: HOST_A, value: TARGET.cname });

    // Checked before the records exist: still pending, and still refused.
    const early = (await (await check(oemA)).json()) as { branding: OemBranding; check: DomainCheck };
    expect([early.branding.adminHostState, early.check.outcome]).toEqual(['pending', 'pending']);
    expect(await tlsAsk(HOST_A)).toBe(404);

    await publishRecords(oemA);
    const proven = (await (await check(oemA)).json()) as { branding: OemBranding; check: DomainCheck };
    expect([proven.branding.adminHostState, proven.check.outcome]).toEqual(['verified', 'connected']);
    expect(await tlsAsk(HOST_A)).toBe(200);
    // Saving the colours again keeps the name's verification; another name starts over.
    expect((await (await claim(oemA, HOST_A)).json()) as { branding: OemBranding }).toMatchObject({ branding: { adminHostState: 'verified' } });
    expect((await (await claim(oemA, 'console.oem-a.test')).json()) as { branding: OemBranding }).toMatchObject({ branding: { adminHostState: 'pending' } });
    expect(await tlsAsk(HOST_A)).toBe(404);
  });

  it('is trusted as an admin origin (CSRF, the site port’s hand-over, the login page) only once verified', async () => {
    const fromHost = { origin: `http://${HOST_A}:3000` };
    expect((await claim(oemA, HOST_A)).status).toBe(200);
    expect((await claim(oemA, HOST_A, fromHost)).status).toBe(403);
    expect((await ctx.visit('/api/branding/login', { headers: { host: HOST_A } })).status).toBe(404);
    expect(((await (await ctx.request('/api/branding/login', { headers: { cookie: '', host: HOST_A } })).json()) as { branding: unknown }).branding).toBeNull();

    await publishRecords(oemA);
    expect((await check(oemA)).status).toBe(200);
    expect((await claim(oemA, HOST_A, fromHost)).status).toBe(200);
    expect((await claim(oemA, HOST_A, { origin: `http://${HOST_B}:3000` })).status).toBe(403);
    const handed = await ctx.visit('/api/branding/login', { headers: { host: HOST_A } });
    expect(((await handed.json()) as { branding: { mainColor: string } }).branding.mainColor).toBe(COLOURS.mainColor);
  });

  it('cannot be squatted: a pending claim does not stop another OEM from claiming and proving the name, and the verified claim wins', async () => {
    expect((await claim(oemA, HOST_A)).status).toBe(200);
    expect((await claim(oemB, HOST_A)).status).toBe(200);
    // Only B's records are created: A's check finds another OEM's token, B's proves B's.
    await publishRecords(oemB);
    const byA = (await (await check(oemA)).json()) as { branding: OemBranding; check: DomainCheck };
    expect([byA.branding.adminHostState, byA.check.outcome]).toEqual(['pending', 'wrong']);
    expect(((await (await check(oemB)).json()) as { branding: OemBranding }).branding.adminHostState).toBe('verified');
    // From now on the name is B's: nobody else may claim it, nor prove it, even with its own record there too.
    const oemC = await addAccount(ctx.db, { type: 'OEM_MASTER', planId: 'oem' });
    const refused = await claim(oemC, HOST_A);
    expect([refused.status, ((await refused.json()) as ErrorBody).key]).toEqual([400, 'adminHostTaken']);
    await publishRecords(oemA);
    const late = await check(oemA);
    expect([late.status, ((await late.json()) as ErrorBody).key]).toEqual([400, 'adminHostTaken']);
    expect((await brandingOf(oemA)).adminHostState).toBe('pending');
  });

  it('does not keep a site from taking a pending name as its custom domain, and is then not verified', async () => {
    expect((await claim(oemA, HOST_A)).status).toBe(200);
    const site = await ctx.createSite();
    expect((await ctx.request(`/api/site/${site.id}`, { method: 'PUT', json: { customDomain: HOST_A } })).status).toBe(200);
    await publishRecords(oemA);
    const refused = await check(oemA);
    expect([refused.status, ((await refused.json()) as ErrorBody).key]).toEqual([400, 'adminHostTaken']);
    expect(await tlsAsk(HOST_A)).toBe(404);
    expect((await brandingOf(oemA)).adminHostState).toBe('pending');
  });

  it('lets exactly one of two OEMs proving one name at once be verified', async () => {
    expect((await claim(oemA, HOST_A)).status).toBe(200);
    expect((await claim(oemB, HOST_A)).status).toBe(200);
    await publishRecords(oemA);
    await publishRecords(oemB);
    const answers = await Promise.all([check(oemA), check(oemB), check(oemA), check(oemB)]);
    // Whichever proves it first keeps it; the other's two checks are refused, never both verified.
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 400, 400]);
    const verified = (await ctx.db.select().from(oemBrandings).all()).filter((row) => row.adminHost === HOST_A && row.adminHostVerifiedAt !== null);
    expect(verified).toHaveLength(1);
  });

  it('frames an OEM customer’s published page and preview from the admin and that OEM’s verified host, never another OEM’s', async () => {
    for (const [oem, host] of [
      [oemA, HOST_A],
      [oemB, HOST_B],
    ] as const) {
      await claim(oem, host);
      await publishRecords(oem);
      await check(oem);
    }
    const customerA = await addAccount(ctx.db, { type: 'USER', parentId: oemA.id, planId: 'premium' });
    const direct = await addAccount(ctx.db, { type: 'USER', planId: 'premium' });
    const siteOf = async (owner: Account) => {
      const created = await as(owner, '/api/site', { method: 'POST', json: { name: 'Framed', numberHorizontal: 1, numberVertical: 1, defaultLanguage: 'jp', languages: ['jp'] } });
      expect(created.status).toBe(201);
      return ((await created.json()) as { id: string }).id;
    };
    const siteA = await siteOf(customerA);
    const siteDirect = await siteOf(direct);
    const previews = await createSiteApp({
      db: ctx.db,
      storage: ctx.storage,
      mailer: ctx.mailer,
      events: ctx.events,
      siteOrigin: SITE_ORIGIN,
      adminHosts: await createAdminHosts(ctx.db),
      preview: { db: ctx.db, renderer: testRenderer, adminOrigin: () => ADMIN_ORIGIN },
    });
    const framing = async (siteId: string) => {
      await ctx.publish(siteId);
      const page = (await ctx.visit('/', { site: siteId })).headers.get('content-security-policy');
      const { url } = (await (await ctx.request(`/api/preview/site/${siteId}`, { method: 'POST' })).json()) as { url: string };
      const preview = (await previews.request(`${PREVIEW_ORIGIN}${new URL(url).pathname}`)).headers.get('content-security-policy');
      return { page, preview };
    };
    const ownOem = `frame-ancestors 'self' ${ADMIN_ORIGIN} http://${HOST_A}:3000`;
    expect(await framing(siteA)).toEqual({ page: ownOem, preview: ownOem });
    const platformOnly = `frame-ancestors 'self' ${ADMIN_ORIGIN}`;
    expect(await framing(siteDirect)).toEqual({ page: platformOnly, preview: platformOnly });
    expect([(await brandingOf(oemA)).adminHostState, (await brandingOf(oemB)).adminHostState]).toEqual(['verified', 'verified']);
  });
});
