import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addAccount, createTestContext, type TestContext } from '../test-support.ts';

let ctx: TestContext;
beforeEach(async () => {
  ctx = await createTestContext();
});
afterEach(async () => {
  await ctx.cleanup();
});

type History = { history: { fromState: string | null; toState: string; note: string; byEmail: string | null }[] };

describe('contract history of term changes', () => {
  it('records a plan or term change made with PUT /user/{id}, which an OEM master reads for its customer', async () => {
    const oem = await addAccount(ctx.db, { type: 'OEM_MASTER', planId: 'oem' });
    const customer = await addAccount(ctx.db, { type: 'USER', parentId: oem.id, planId: 'standard' });
    const cookie = await ctx.loginAs(oem.email, oem.password);
    const call = (path: string, init: RequestInit & { json?: unknown } = {}) => ctx.request(path, { ...init, headers: { cookie } });

    expect((await call(`/api/user/${customer.id}`, { method: 'PUT', json: { planId: 'premium', contractExpiry: '2031-01-01' } })).status).toBe(200);
    expect((await call(`/api/user/${customer.id}`, { method: 'PUT', json: { contactPerson: 'Only a name' } })).status).toBe(200);

    const response = await call(`/api/oem-master/user/${customer.id}/user-history`);
    expect(response.status).toBe(200);
    const { history } = (await response.json()) as History;
    expect(history).toEqual([
      {
        fromState: 'active',
        toState: 'active',
        note: 'planId: standard → premium; contractExpiry: — → 2031-01-01',
        byEmail: oem.email,
        id: expect.any(String),
        at: expect.any(String),
        byAccountId: oem.id,
      },
    ]);
  });
});
