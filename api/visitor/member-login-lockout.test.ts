import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { loginThrottle } from '../db/schema-identity.ts';
import { THROTTLE } from '../identity/login-throttle.ts';
import { createTestContext, type TestContext } from '../test-support.ts';
import { MEMBER_PASSWORD, memberToken } from './visitor-test-support.ts';

let ctx: TestContext;

afterEach(async () => {
  await ctx.cleanup();
});

describe('member login lockout', () => {
  it('40 parallel guesses at one member from 40 addresses: 5 reach the hash, the right password among them is refused, the count holds 40', async () => {
    ctx = await createTestContext();
    const site = await ctx.createSite();
    await ctx.publish(site.id);
    const email = 'member@example.com';
    await memberToken(ctx, site.id, email);
    const login = async (password: string, i: number) => await ctx.visit(`/api/end-user/site/${site.id}/login`, { method: 'POST', site: site.id, ip: `10.1.${i}.1`, json: { email, password } });
    // Each from its own address, as a spread-out attacker would: the per-address rate limit is no help here.
    const guesses = Array.from({ length: 39 }, (_, i) => `Wrong#Pass${i}`);
    const answers = await Promise.all([...guesses, MEMBER_PASSWORD].map(login));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(THROTTLE.perEmail);
    expect(statuses.filter((status) => status === 429)).toHaveLength(40 - THROTTLE.perEmail);
    expect(await answers.at(-1)!.json()).toMatchObject({ code: 'too_many_requests', key: 'tooManyAttempts' });
    expect(
      (
        await ctx.db
          .select()
          .from(loginThrottle)
          .where(eq(loginThrottle.key, `member:${site.id}:${email}`))
          .get()
      )?.failures,
    ).toBe(40);
    expect((await login(MEMBER_PASSWORD, 200)).status).toBe(429);
  });

  it('counts per site: the same email on another site still logs in', async () => {
    ctx = await createTestContext();
    const [first, second] = [await ctx.createSite(), await ctx.createSite()];
    for (const site of [first, second]) await ctx.publish(site.id);
    const email = 'member@example.com';
    await memberToken(ctx, second.id, email);
    for (let i = 0; i < THROTTLE.perEmail + 1; i++) {
      await ctx.visit(`/api/end-user/site/${first.id}/login`, { method: 'POST', site: first.id, ip: `10.2.${i}.1`, json: { email, password: 'Wrong#Pass1' } });
    }
    const other = await ctx.visit(`/api/end-user/site/${second.id}/login`, { method: 'POST', site: second.id, ip: '10.2.99.1', json: { email, password: MEMBER_PASSWORD } });
    expect(other.status).toBe(200);
  });
});
