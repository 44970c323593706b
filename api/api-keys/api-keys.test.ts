import { sqliteClientOf } from '../db/open-database.ts';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApiKeyInput, ApiKeyView } from '../../model/api-key.ts';
import { apiKeys } from '../db/schema-access.ts';
import { sites } from '../db/schema.ts';
import { addAccount, createTestContext, type TestContext } from '../test-support.ts';
import { authenticateApiKey } from './authenticate-api-key.ts';

let ctx: TestContext;
beforeEach(async () => {
  ctx = await createTestContext();
});
afterEach(async () => {
  await ctx.cleanup();
});

type Issued = { key: string; apiKey: ApiKeyView };

async function issue(input: Partial<ApiKeyInput> = {}, cookie?: string): Promise<Issued> {
  const response = await ctx.request('/api/api-key', { method: 'POST', json: { name: 'Reporting', scope: 'read', ...input }, headers: cookie ? { cookie } : {} });
  expect(response.status).toBe(201);
  return (await response.json()) as Issued;
}

/** A request to the admin API with a credential and no session, from `ip` as the socket's peer. */
function withKey(requestPath: string, authorization: string, init: RequestInit & { ip?: string } = {}) {
  const { ip = '203.0.113.10', ...rest } = init;
  const headers = new Headers(rest.headers);
  headers.set('authorization', authorization);
  if (rest.body) headers.set('content-type', 'application/json');
  return ctx.admin.request(`http://localhost${requestPath}`, { ...rest, headers }, { incoming: { socket: { remoteAddress: ip, remoteFamily: ip.includes(':') ? 'IPv6' : 'IPv4' } } });
}

const basic = (id: string, password: string) => `Basic ${Buffer.from(`${id}:${password}`).toString('base64')}`;

const newSite = JSON.stringify({ name: 'By key', numberHorizontal: 1, numberVertical: 1, defaultLanguage: 'jp', languages: ['jp'] });

describe('API keys', () => {
  it('shows the key once, lists it by its first characters only, and lets a read key read but not write', async () => {
    const { key, apiKey } = await issue({ scope: 'read' });
    expect(key).toMatch(/^sgk_[A-Za-z0-9_-]{43}$/);
    expect(key.startsWith(apiKey.hint)).toBe(true);
    const listed = (await (await ctx.request('/api/api-key')).json()) as { keys: ApiKeyView[] };
    expect(JSON.stringify(listed)).not.toContain(key);

    expect((await withKey('/api/site', `Bearer ${key}`)).status).toBe(200);
    const refused = await withKey('/api/site', `Bearer ${key}`, { method: 'POST', body: newSite });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ key: 'apiKeyReadOnly' });
    expect(await ctx.db.select().from(sites).all()).toHaveLength(0);
  });

  it('lets a read-write key change what its account may, and nothing of another branch', async () => {
    const { key } = await issue({ scope: 'read-write' });
    expect((await withKey('/api/site', `Bearer ${key}`, { method: 'POST', body: newSite })).status).toBe(201);

    const owner = await addAccount(ctx.db, { type: 'USER', planId: 'premium' });
    const ownerCookie = await ctx.loginAs(owner.email, owner.password);
    const userKey = await issue({ scope: 'read-write' }, ownerCookie);
    const operatorSite = (await ctx.db.select().from(sites).get())!;
    expect((await withKey(`/api/site/${operatorSite.id}`, `Bearer ${userKey.key}`)).status).toBe(404);
  });

  it('refuses a key the calls about sessions and keys: a key cannot make keys', async () => {
    const { key } = await issue({ scope: 'read-write' });
    const response = await withKey('/api/api-key', `Bearer ${key}`, { method: 'POST', body: JSON.stringify({ name: 'More', scope: 'read-write' }) });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ key: 'apiKeySessionOnly' });
    expect((await withKey('/api/api-key', `Bearer ${key}`)).status).toBe(403);
    expect(await ctx.db.select().from(apiKeys).all()).toHaveLength(1);
  });

  it('answers 403 ipNotAllowed from an address outside the list, IPv4 and IPv6 ranges included', async () => {
    const { key } = await issue({ ipRestriction: { enabled: true, addresses: ['198.51.100.7', '10.0.0.0/8', '2001:db8::/32'] } });
    for (const ip of ['198.51.100.7', '10.200.3.4', '::ffff:10.0.0.1', '2001:db8:1::5']) expect((await withKey('/api/site', `Bearer ${key}`, { ip })).status, ip).toBe(200);
    for (const ip of ['198.51.100.8', '11.0.0.1', '2001:db9::1', '::1']) {
      const response = await withKey('/api/site', `Bearer ${key}`, { ip });
      expect(response.status, ip).toBe(403);
      expect(await response.json()).toMatchObject({ code: 'forbidden', key: 'ipNotAllowed' });
    }
  });

  it('answers 401 to a revoked key at once, and to an unknown one', async () => {
    const { key, apiKey } = await issue();
    expect((await withKey('/api/site', `Bearer ${key}`)).status).toBe(200);
    const revoked = await ctx.request(`/api/api-key/${apiKey.id}/revoke`, { method: 'POST' });
    expect(((await revoked.json()) as ApiKeyView).revokedAt).not.toBeNull();
    const response = await withKey('/api/site', `Bearer ${key}`);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ key: 'apiKeyInvalid' });
    expect((await withKey('/api/site', `Bearer ${key.slice(0, -1)}x`)).status).toBe(401);
  });

  it('takes basic-auth credentials as the key, and refuses a wrong password', async () => {
    const { apiKey } = await issue({ basicAuth: { enabled: true, id: 'reports-bot', password: 'long-enough-password' } });
    // The chosen ID and a suffix of the key's own: no two keys can ask for the same ID.
    expect(apiKey.basicId).toMatch(/^reports-bot\.[0-9a-f]{8}$/);
    const id = apiKey.basicId!;
    expect((await withKey('/api/site', basic(id, 'long-enough-password'))).status).toBe(200);
    expect((await withKey('/api/site', basic(id, 'wrong-password-here'))).status).toBe(401);
    expect((await withKey('/api/site', basic('reports-bot', 'long-enough-password'))).status).toBe(401);
    expect((await withKey('/api/site', basic('nobody', 'long-enough-password'))).status).toBe(401);
  });

  it("answers a basic-auth ID another tenant's key chose exactly as a free one, and changes nothing of that key", async () => {
    const other = await addAccount(ctx.db, { type: 'USER', planId: 'premium' });
    const otherKey = await issue({ basicAuth: { enabled: true, id: 'shared-name', password: 'other-tenant-password' } }, await ctx.loginAs(other.email, other.password));
    const otherRow = await ctx.db.select().from(apiKeys).where(eq(apiKeys.id, otherKey.apiKey.id)).get();
    const ask = (id: string) => ctx.request('/api/api-key', { method: 'POST', json: { name: 'Reporting', scope: 'read', basicAuth: { enabled: true, id, password: 'my-own-long-password' } } });
    const taken = await ask('shared-name');
    const free = await ask('never-chosen');
    expect([taken.status, free.status]).toEqual([201, 201]);
    const shape = async (response: Response, chosen: string) =>
      JSON.stringify(await response.json())
        .replaceAll(chosen, '<id>')
        .replace(/"(id|key|hint|createdAt)":"[^"]+"/g, '"$1":"<generated>"')
        .replace(/<id>\.[0-9a-f]{8}/, '<id>.<suffix>');
    expect(await shape(taken, 'shared-name')).toBe(await shape(free, 'never-chosen'));
    // The other tenant's key is as it was and still signs in as its own account only.
    expect(await ctx.db.select().from(apiKeys).where(eq(apiKeys.id, otherKey.apiKey.id)).get()).toEqual(otherRow);
    const otherSites = await withKey('/api/site', basic(otherKey.apiKey.basicId!, 'other-tenant-password'));
    expect(otherSites.status).toBe(200);
    expect((await withKey('/api/site', basic(otherKey.apiKey.basicId!, 'my-own-long-password'))).status).toBe(401);
  });

  it('refuses a dialog without an IP when the restriction is on, or with half the basic-auth credentials', async () => {
    const noIp = await ctx.request('/api/api-key', { method: 'POST', json: { name: 'x', scope: 'read', ipRestriction: { enabled: true, addresses: [''] } } });
    expect(noIp.status).toBe(400);
    expect(await noIp.json()).toMatchObject({ issues: [{ path: ['ipRestriction', 'addresses'], key: 'ipRequired' }] });
    const badIp = await ctx.request('/api/api-key', { method: 'POST', json: { name: 'x', scope: 'read', ipRestriction: { enabled: true, addresses: ['10.0.0.0/33'] } } });
    expect(await badIp.json()).toMatchObject({ issues: [{ path: ['ipRestriction', 'addresses', 0], key: 'invalidIpRange' }] });
    const halfBasic = await ctx.request('/api/api-key', { method: 'POST', json: { name: 'x', scope: 'read', basicAuth: { enabled: true, id: 'bot', password: '' } } });
    expect(await halfBasic.json()).toMatchObject({ issues: [{ path: ['basicAuth', 'password'], key: 'basicAuthRequired' }] });
    expect(await ctx.db.select().from(apiKeys).all()).toHaveLength(0);
  });

  it('never stores the key: neither the database file nor its write-ahead log holds it', async () => {
    // About SQLite's own bytes, so on SQLite whatever the suite.
    await ctx.cleanup();
    ctx = await createTestContext({ sqlite: true });
    const issued = await Promise.all([issue(), issue({ scope: 'read-write' })]);
    const files = ['test.sqlite', 'test.sqlite-wal'].map((name) => path.join(ctx.dir, name));
    const before = await Promise.all(files.map((file) => readFile(file).catch(() => Buffer.alloc(0))));
    sqliteClientOf(ctx.db)?.pragma('wal_checkpoint(TRUNCATE)');
    const after = await readFile(files[0]!);
    for (const { key, apiKey } of issued) {
      for (const bytes of [...before, after]) expect(bytes.includes(key)).toBe(false);
      // The row is there all the same, found by the key's hash.
      expect(after.includes(apiKey.hint)).toBe(true);
    }
  });

  it('moves last use forward under parallel use, never back', async () => {
    const { key, apiKey } = await issue();
    const started = Date.now();
    const answers = await Promise.all(Array.from({ length: 40 }, () => withKey('/api/site', `Bearer ${key}`)));
    expect(answers.map((response) => response.status)).toEqual(Array(40).fill(200));
    const used = (await ctx.db.select().from(apiKeys).where(eq(apiKeys.id, apiKey.id)).get())!.lastUsedAt!;
    expect(used.getTime()).toBeGreaterThanOrEqual(started);
    await authenticateApiKey(ctx.db, { kind: 'bearer', key }, 'local', new Date(started - 60_000));
    expect((await ctx.db.select().from(apiKeys).where(eq(apiKeys.id, apiKey.id)).get())!.lastUsedAt).toEqual(used);
  });

  it('holds the limit of active keys under parallel requests', async () => {
    await ctx.login();
    const answers = await Promise.all(Array.from({ length: 25 }, (_, index) => ctx.request('/api/api-key', { method: 'POST', json: { name: `k${index}`, scope: 'read' } })));
    expect(answers.filter((response) => response.status === 201)).toHaveLength(20);
    expect(await ctx.db.select().from(apiKeys).all()).toHaveLength(20);
  });

  it('never acts on a site origin: a key is no member token there', async () => {
    const { key } = await issue({ scope: 'read-write' });
    const site = await ctx.createSite();
    const response = await ctx.visit(`/api/end-user/site/${site.id}/me`, { site: site.id, headers: { authorization: `Bearer ${key}` } });
    expect([401, 404]).toContain(response.status);
  });
});
