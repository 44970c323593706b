import { desc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DOMAIN_MAX_DELAY_MS, DOMAIN_VERIFY_WINDOW_MS, type DomainView } from '../../model/domain.ts';
import type { SiteSummary } from '../../model/site-view.ts';
import { readDomainSite } from '../../publisher/domains.ts';
import { readLiveManifest } from '../../publisher/live.ts';
import { publishes } from '../db/schema.ts';
import { createTestContext, type TestContext } from '../test-support.ts';
import { createConnectedDomains } from './connected-domains.ts';
import { createDomains } from './domains.ts';
import { startLocalDnsServer, type Zone } from './local-dns-server.ts';

const TARGET = { cname: 'sites.swipegrid.test', addresses: ['192.0.2.10', '2001:db8::10'] };
const DOMAIN = 'shop.example.test';

const zone: Zone = new Map();
let dns: Awaited<ReturnType<typeof startLocalDnsServer>>;
let ctx: TestContext;
let now: Date;

beforeAll(async () => {
  dns = await startLocalDnsServer(zone);
});
afterAll(async () => {
  await dns.close();
});
beforeEach(async () => {
  zone.clear();
  now = new Date('2026-03-01T09:00:00Z');
  ctx = await createTestContext({ clock: () => now, dnsServers: [dns.address], domainTarget: TARGET });
});
afterEach(async () => {
  await ctx.cleanup();
});

async function domainOf(siteId: string): Promise<DomainView | null> {
  return ((await (await ctx.request(`/api/site/${siteId}/domain`)).json()) as { domain: DomainView | null }).domain;
}

async function saveDomain(siteId: string, domain: string): Promise<Response> {
  return ctx.request(`/api/site/${siteId}`, { method: 'PUT', json: { customDomain: domain } });
}

async function checkNow(siteId: string): Promise<DomainView> {
  const response = await ctx.request(`/api/site/${siteId}/domain/check`, { method: 'POST' });
  expect(response.status).toBe(200);
  return (await response.json()) as DomainView;
}

/** Moves the clock to the domain's next check and runs the due checks, as the poller would. */
async function nextPoll(siteId: string): Promise<DomainView> {
  const before = (await domainOf(siteId))!;
  now = new Date(before.nextCheckAt!);
  await ctx.domains.runDue();
  return (await domainOf(siteId))!;
}

/** Waits for the publish the domain change started (if any) to finish. */
async function republished(siteId: string): Promise<void> {
  const latest = await ctx.db.select().from(publishes).where(eq(publishes.siteId, siteId)).orderBy(desc(publishes.startedAt)).get();
  if (latest) await ctx.jobs.finished(latest.id);
}

const tlsAsk = async (domain: string) => await ctx.visit(`/api/tls/ask?domain=${domain}`);
const statusInList = async (siteId: string) => ((await (await ctx.request('/api/site')).json()) as { sites: SiteSummary[] }).sites.find((site) => site.id === siteId)?.status;

describe('custom domain verification against a DNS server', () => {
  it('goes saved → verifying → misconfigured (found vs expected) → connected, and only then gets its pointer and a certificate', async () => {
    const site = await ctx.createSite();
    await ctx.publish(site.id);
    expect((await saveDomain(site.id, 'Shop.Example.test')).status).toBe(200);

    const saved = (await domainOf(site.id))!;
    expect(saved.state).toBe('saved');
    const token = saved.records.find((record) => record.type === 'TXT')!.value;
    expect(saved.records).toEqual([
      { type: 'TXT', name: `_swipegrid.${DOMAIN}`, value: token },
      { type: 'CNAME', name: DOMAIN, value: TARGET.cname },
      { type: 'A', name: DOMAIN, value: '192.0.2.10' },
      { type: 'AAAA', name: DOMAIN, value: '2001:db8::10' },
    ]);

    // Nothing created yet: still checking, polled again in 10 s, the site "domain checking".
    const verifying = await checkNow(site.id);
    expect(verifying).toMatchObject({ state: 'verifying', lastCheck: { outcome: 'pending' } });
    expect(Date.parse(verifying.nextCheckAt!) - now.getTime()).toBe(10_000);
    expect(Date.parse(verifying.deadline!) - now.getTime()).toBe(DOMAIN_VERIFY_WINDOW_MS);
    expect(await statusInList(site.id)).toBe('domain_verifying');

    // Records that answer wrongly: what the name resolves to now, against what is expected.
    zone.set(DOMAIN, { CNAME: ['elsewhere.example.net'] });
    zone.set(`_swipegrid.${DOMAIN}`, { TXT: ['sg-verify-someone-else'] });
    const wrong = await nextPoll(site.id);
    expect(wrong.state).toBe('misconfigured');
    expect(wrong.lastCheck).toMatchObject({
      outcome: 'wrong',
      txt: { expected: token, found: ['sg-verify-someone-else'], ok: false },
      target: { expectedCname: TARGET.cname, foundCname: ['elsewhere.example.net'], ok: false },
    });
    expect(Date.parse(wrong.nextCheckAt!) - now.getTime()).toBe(20_000);
    expect(await statusInList(site.id)).toBe('domain_verifying');
    expect((await tlsAsk(DOMAIN)).status).toBe(404);
    expect(await readDomainSite(ctx.storage, DOMAIN)).toBeNull();
    expect((await readLiveManifest(ctx.storage, site.id))?.address.domain).toBeUndefined();

    zone.set(DOMAIN, { CNAME: [TARGET.cname] });
    zone.set(`_swipegrid.${DOMAIN}`, { TXT: [token] });
    const connected = await nextPoll(site.id);
    expect(connected).toMatchObject({ state: 'connected', nextCheckAt: null, lastCheck: { outcome: 'connected' } });
    expect(await statusInList(site.id)).toBe('published');
    expect((await tlsAsk(DOMAIN)).status).toBe(200);

    // The published site moves to its domain by itself.
    await republished(site.id);
    expect(await readDomainSite(ctx.storage, DOMAIN)).toBe(site.id);
    expect((await readLiveManifest(ctx.storage, site.id))?.address.domain).toBe(DOMAIN);
    expect((await ctx.visit('/', { headers: { host: DOMAIN } })).status).toBe(200);
  });

  it('accepts A and AAAA records among the target addresses instead of a CNAME', async () => {
    const site = await ctx.createSite();
    await saveDomain(site.id, DOMAIN);
    const token = (await domainOf(site.id))!.records[0]!.value;
    zone.set(DOMAIN, { A: ['192.0.2.10'], AAAA: ['2001:db8:0:0::10'] });
    zone.set(`_swipegrid.${DOMAIN}`, { TXT: [token] });
    expect((await checkNow(site.id)).state).toBe('connected');
  });

  it('shows addresses that are not the target as found vs expected', async () => {
    const site = await ctx.createSite();
    await saveDomain(site.id, DOMAIN);
    zone.set(DOMAIN, { A: ['198.51.100.1'] });
    const view = await checkNow(site.id);
    expect(view.state).toBe('misconfigured');
    expect(view.lastCheck?.target).toMatchObject({ foundAddresses: ['198.51.100.1'], expectedAddresses: TARGET.addresses, ok: false });
  });

  it('backs off from 10 s to 1 h and fails after 72 hours; check now starts a new verification', async () => {
    const site = await ctx.createSite();
    await saveDomain(site.id, DOMAIN);
    const started = await checkNow(site.id);
    const deadline = Date.parse(started.deadline!);
    const waits: number[] = [];
    let view = started;
    while (view.state === 'verifying') {
      const at = now.getTime();
      view = await nextPoll(site.id);
      waits.push(now.getTime() - at);
    }
    expect(view.state).toBe('failed');
    expect(view.nextCheckAt).toBeNull();
    expect(now.getTime()).toBe(deadline);
    expect(waits.slice(0, 4)).toEqual([10_000, 20_000, 40_000, 80_000]);
    expect(Math.max(...waits)).toBe(DOMAIN_MAX_DELAY_MS);
    expect(await ctx.domains.runDue()).toBe(0);

    const again = await checkNow(site.id);
    expect(again.state).toBe('verifying');
    expect(Date.parse(again.deadline!)).toBe(now.getTime() + DOMAIN_VERIFY_WINDOW_MS);
  });

  it('keeps polling across a restart: the next check is stored, and another process picks it up', async () => {
    const site = await ctx.createSite();
    await saveDomain(site.id, DOMAIN);
    const token = (await checkNow(site.id)).records[0]!.value;
    zone.set(DOMAIN, { CNAME: [TARGET.cname] });
    zone.set(`_swipegrid.${DOMAIN}`, { TXT: [token] });
    const afterRestart = createDomains({
      db: ctx.db,
      storage: ctx.storage,
      connected: await createConnectedDomains(ctx.db),
      target: TARGET,
      resolverServers: [dns.address],
      republish: async () => {},
      clock: () => now,
    });
    now = new Date(now.getTime() + 9_000);
    expect(await afterRestart.runDue()).toBe(0);
    now = new Date(now.getTime() + 1_000);
    expect(await afterRestart.runDue()).toBe(1);
    expect((await domainOf(site.id))!.state).toBe('connected');
  });

  it("refuses another site's domain, even when two save it at once, and names under SITE_DOMAIN", async () => {
    const first = await ctx.createSite();
    const second = await ctx.createSite();
    expect((await saveDomain(first.id, DOMAIN)).status).toBe(200);
    const taken = await saveDomain(second.id, 'SHOP.example.test');
    expect(taken.status).toBe(400);
    expect(await taken.json()).toMatchObject({ key: 'domainTaken', issues: [{ path: ['customDomain'], key: 'domainTaken' }] });
    expect(await domainOf(second.id)).toBeNull();

    const racers = await Promise.all([ctx.createSite(), ctx.createSite()]);
    const answers = await Promise.all(racers.map((site) => saveDomain(site.id, 'race.example.test')));
    expect(answers.map((response) => response.status).sort()).toEqual([200, 400]);

    const own = await saveDomain(second.id, 'anything.localhost');
    expect(own.status).toBe(400);
    expect(await own.json()).toMatchObject({ key: 'domainUnderSiteDomain', values: { siteDomain: 'localhost' } });
  });

  it('sends a removed domain back to the shared address: pointer removed, no certificate, its handle serves again', async () => {
    const site = await ctx.createSite();
    await saveDomain(site.id, DOMAIN);
    const token = (await domainOf(site.id))!.records[0]!.value;
    zone.set(DOMAIN, { CNAME: [TARGET.cname] });
    zone.set(`_swipegrid.${DOMAIN}`, { TXT: [token] });
    expect((await checkNow(site.id)).state).toBe('connected');
    await ctx.publish(site.id);
    expect(await readDomainSite(ctx.storage, DOMAIN)).toBe(site.id);
    expect((await ctx.visit('/', { site: site.id })).status).toBe(301);

    expect((await ctx.request(`/api/site/${site.id}/domain`, { method: 'DELETE' })).status).toBe(200);
    // At once, before the republish the removal started has run: the name leads nowhere, and the
    // handle serves the site rather than sending visitors to it.
    expect(await readDomainSite(ctx.storage, DOMAIN)).toBeNull();
    expect((await ctx.visit('/', { headers: { host: DOMAIN } })).status).toBe(404);
    expect((await ctx.visit('/', { site: site.id })).status).toBe(200);
    await republished(site.id);
    expect(await domainOf(site.id)).toBeNull();
    expect(await readDomainSite(ctx.storage, DOMAIN)).toBeNull();
    expect((await tlsAsk(DOMAIN)).status).toBe(404);
    expect((await readLiveManifest(ctx.storage, site.id))?.address.domain).toBeUndefined();
    expect((await ctx.visit('/', { site: site.id })).status).toBe(200);
    const view = (await (await ctx.request(`/api/site/${site.id}`)).json()) as { settings: { customDomain?: string } };
    expect(view.settings.customDomain ?? '').toBe('');
    // The name is free for another site again.
    const other = await ctx.createSite();
    expect((await saveDomain(other.id, DOMAIN)).status).toBe(200);
  });
});
