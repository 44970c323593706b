import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractKey } from '../../model/contracts/contract.ts';
import { ADMIN_CONTRACTS, SITE_CONTRACTS } from '../../model/contracts/index.ts';
import { ROUTE_TABLE } from '../permissions/route-table.ts';
import { createTestContext, type TestContext } from '../test-support.ts';

/**
 * The contracts, the apps and the permission table agree: every API route an app serves is let
 * in by a table row, every contract is served once by the app of its origin, and every row is
 * in docs/permissions.md's matrix (whose cells the matrix test checks by real requests).
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.cleanup());

/** The API routes an app serves, as `METHOD /path` under /api, once per registration (middleware left out). */
function served(app: { routes: readonly { method: string; path: string }[] }): string[] {
  return app.routes.filter((route) => route.method !== 'ALL' && route.path.startsWith('/api/')).map((route) => `${route.method} ${route.path.slice('/api'.length).replace(/\/$/, '') || '/'}`);
}

const times = (keys: readonly string[], key: string) => keys.filter((one) => one === key).length;

/** The route column of the matrix in docs/permissions.md. */
function documentedRoutes(): string[] {
  const doc = readFileSync(new URL('../../docs/permissions.md', import.meta.url), 'utf8');
  return doc
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) => line.split('|')[1]!.trim().replace(/`/g, ''));
}

describe('contracts and routes', () => {
  it('lets in every API route the admin app serves by a row of the permission table', () => {
    expect(served(ctx.admin).filter((key) => !(key in ROUTE_TABLE))).toEqual([]);
  });

  it('serves every admin contract exactly once, with its method and path, on the admin app only', () => {
    const admin = served(ctx.admin);
    const site = served(ctx.site);
    expect(ADMIN_CONTRACTS.length).toBeGreaterThan(0);
    for (const declared of ADMIN_CONTRACTS) {
      const key = contractKey(declared);
      expect({ key, origin: declared.origin, admin: times(admin, key), site: times(site, key) }).toEqual({ key, origin: 'admin', admin: 1, site: 0 });
      expect(ROUTE_TABLE[key]).toEqual(declared.policy);
    }
  });

  it('serves every site-origin contract exactly once on the site app, never on the admin app', () => {
    const admin = served(ctx.admin);
    const site = served(ctx.site);
    for (const declared of SITE_CONTRACTS) {
      const key = contractKey(declared);
      expect({ key, origin: declared.origin, admin: times(admin, key), site: times(site, key) }).toEqual({ key, origin: 'site', admin: 0, site: 1 });
      expect(key in ROUTE_TABLE).toBe(false);
    }
    // Once the visitor area is declared, the site app serves nothing under /api without a contract.
    const declared = new Set(SITE_CONTRACTS.map(contractKey));
    if (declared.size > 0) expect(site.filter((key) => !declared.has(key))).toEqual([]);
  });

  it('declares no endpoint twice', () => {
    const keys = [...ADMIN_CONTRACTS, ...SITE_CONTRACTS].map(contractKey);
    expect(keys.filter((key, index) => keys.indexOf(key) !== index)).toEqual([]);
  });

  it('documents every row of the permission table in the matrix of docs/permissions.md', () => {
    const documented = new Set(documentedRoutes());
    expect(Object.keys(ROUTE_TABLE).filter((key) => !documented.has(key))).toEqual([]);
  });
});
