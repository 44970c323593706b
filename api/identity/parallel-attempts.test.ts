import { eq, like } from 'drizzle-orm';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loginThrottle } from '../db/schema-identity.ts';
import { createMailer, type Mailer } from '../mail/mailer.ts';
import { addAccount, createTestContext, OPERATOR, type TestContext } from '../test-support.ts';
import { THROTTLE } from './login-throttle.ts';
import { MAIL_REQUESTS } from './attempt-counter.ts';

let ctx: TestContext;

afterEach(async () => {
  await ctx.cleanup();
});

function post(urlPath: string, body: unknown, ip = '203.0.113.7') {
  return ctx.admin.request(
    `http://localhost/api${urlPath}`,
    { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
    { incoming: { socket: { remoteAddress: ip } } },
  );
}

const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;
const attemptsOf = async (key: string) => (await ctx.db.select().from(loginThrottle).where(eq(loginThrottle.key, key)).get())?.failures;

async function linkToken(): Promise<string> {
  const mail = (await ctx.outbox()).at(-1)!;
  return decodeURIComponent(/token=([^\s]+)/.exec(mail.text)![1]!);
}

describe('login attempts are reserved before the password is checked', () => {
  it('40 parallel guesses at one email: only the first 5 reach the hash, a right password among them is refused, the counters hold 40', async () => {
    ctx = await createTestContext();
    const guesses = Array.from({ length: 39 }, (_, i) => ({ email: OPERATOR.email, password: `Wrong#Pass${i}` }));
    // The right password last: before the reservation it was checked like the rest, and got in.
    const answers = await Promise.all([...guesses, OPERATOR].map((body) => post('/auth/login', body)));
    const statuses = answers.map((answer) => answer.status);
    expect(count(statuses, 401)).toBe(THROTTLE.perEmail);
    expect(count(statuses, 429)).toBe(40 - THROTTLE.perEmail);
    expect(count(statuses, 200)).toBe(0);
    expect(await attemptsOf(`email:${OPERATOR.email}`)).toBe(40);
    expect(await attemptsOf('ip:203.0.113.7')).toBe(40);

    const right = await post('/auth/login', OPERATOR, '198.51.100.9');
    expect(right.status).toBe(429);
    expect(await right.json()).toMatchObject({ code: 'too_many_requests', key: 'tooManyAttempts' });
  });

  it('40 parallel guesses at different emails from one address: only 20 reach the hash, the address counts 40', async () => {
    ctx = await createTestContext();
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => post('/auth/login', { email: `guess${i}@example.com`, password: 'Wrong#Pass1' }, '198.51.100.1')));
    const statuses = answers.map((answer) => answer.status);
    expect(count(statuses, 401)).toBe(THROTTLE.perIp);
    expect(count(statuses, 429)).toBe(40 - THROTTLE.perIp);
    expect(await attemptsOf('ip:198.51.100.1')).toBe(40);
    expect((await post('/auth/login', OPERATOR, '198.51.100.1')).status).toBe(429);
  });

  it('a successful login gives its attempt back to the address: more sign-ins than the address limit all get in', async () => {
    ctx = await createTestContext();
    for (let i = 0; i <= THROTTLE.perIp; i++) expect((await post('/auth/login', OPERATOR, '198.51.100.3')).status).toBe(200);
    expect(await attemptsOf('ip:198.51.100.3')).toBe(0);
    expect(await attemptsOf(`email:${OPERATOR.email}`)).toBeUndefined();
  });

  it('a terminated account answers the right and the wrong password byte for byte alike, and both count', async () => {
    ctx = await createTestContext();
    const user = await addAccount(ctx.db, { type: 'USER', planId: 'standard', contractState: 'terminated' });
    const right = await post('/auth/login', { email: user.email, password: user.password });
    const wrong = await post('/auth/login', { email: user.email, password: 'Wrong#Pass1' });
    const unknown = await post('/auth/login', { email: 'nobody@example.com', password: 'Wrong#Pass1' });
    const seen = await Promise.all([right, wrong, unknown].map(async (answer) => ({ status: answer.status, cookie: answer.headers.getSetCookie(), body: await answer.text() })));
    expect(seen[0]).toEqual(seen[1]);
    expect(seen[0]).toEqual(seen[2]);
    expect(seen[0]!.status).toBe(401);
    expect(JSON.parse(seen[0]!.body)).toMatchObject({ key: 'loginFailed' });
    expect(await attemptsOf(`email:${user.email}`)).toBe(2);
  });
});

describe('password tokens are used once', () => {
  async function spendInParallel(token: string): Promise<{ statuses: number[]; winner: string }> {
    const passwords = Array.from({ length: 10 }, (_, i) => `Brand#New${i}pass`);
    const answers = await Promise.all(passwords.map((password, i) => post('/auth/reset-password', { token, password, confirmPassword: password }, `192.0.2.${i + 1}`)));
    const statuses = answers.map((answer) => answer.status);
    return { statuses, winner: passwords[statuses.indexOf(200)] ?? '' };
  }

  it('10 parallel uses of one reset link: exactly one changes the password, nine answer 400', async () => {
    ctx = await createTestContext();
    const user = await addAccount(ctx.db, { type: 'USER', planId: 'trial' });
    expect((await post('/auth/forgot-password', { email: user.email })).status).toBe(200);
    const { statuses, winner } = await spendInParallel(await linkToken());
    expect(count(statuses, 200)).toBe(1);
    expect(count(statuses, 400)).toBe(9);
    expect((await post('/auth/login', { email: user.email, password: winner })).status).toBe(200);
  });

  it('10 parallel uses of one invitation link: exactly one sets the password', async () => {
    ctx = await createTestContext();
    const created = await ctx.request('/api/master/user', { method: 'POST', json: { companyName: 'Invited', email: 'invited@example.com', accountType: 'USER', planId: 'light' } });
    expect(created.status).toBe(201);
    const { statuses, winner } = await spendInParallel(await linkToken());
    expect(count(statuses, 200)).toBe(1);
    expect(count(statuses, 400)).toBe(9);
    expect((await post('/auth/login', { email: 'invited@example.com', password: winner })).status).toBe(200);
  });

  it('a form refused for its password keeps the link usable', async () => {
    ctx = await createTestContext();
    const user = await addAccount(ctx.db, { type: 'USER', planId: 'trial' });
    await post('/auth/forgot-password', { email: user.email });
    const token = await linkToken();
    expect((await post('/auth/reset-password', { token, password: 'short', confirmPassword: 'short' })).status).toBe(400);
    expect((await post('/auth/reset-password', { token, password: 'Brand#New2pass', confirmPassword: 'Brand#New2pass' })).status).toBe(200);
  });
});

describe('forgot password', () => {
  /** The test context's outbox mailer behind a gate: every message waits until `release()`. */
  function gatedMailer(): { mailer: Mailer; waiting: () => number; release: () => void } {
    let open: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    let waiting = 0;
    const mailer: Mailer = {
      destination: 'the test outbox, gated',
      async send(message) {
        waiting++;
        await gate;
        waiting--;
        return createMailer({ from: 'no-reply@swipegrid.test', outboxDir: path.join(ctx.dir, 'outbox') }).send(message);
      },
    };
    return { mailer, waiting: () => waiting, release: open };
  }

  it('answers a known and an unknown email alike, without waiting for the mail', async () => {
    const gated = gatedMailer();
    ctx = await createTestContext({ mailer: gated.mailer });
    const user = await addAccount(ctx.db, { type: 'USER', planId: 'trial' });
    const known = await post('/auth/forgot-password', { email: user.email });
    const unknown = await post('/auth/forgot-password', { email: 'nobody@example.com' });
    expect({ status: unknown.status, body: await unknown.text() }).toEqual({ status: known.status, body: await known.text() });
    expect(known.status).toBe(200);
    // Both answers are in while the known email's message still waits at the gate.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(gated.waiting()).toBe(1);
    gated.release();
    const sent = await ctx.outbox();
    expect(sent.map((mail) => mail.to)).toEqual([user.email]);
  });

  it(`the ${MAIL_REQUESTS.perEmail + 1}st request for one email within the window is 429, from whatever addresses, in parallel`, async () => {
    ctx = await createTestContext();
    const answers = await Promise.all(Array.from({ length: MAIL_REQUESTS.perEmail + 1 }, (_, i) => post('/auth/forgot-password', { email: 'target@example.com' }, `10.0.${i}.1`)));
    const statuses = answers.map((answer) => answer.status);
    expect(count(statuses, 200)).toBe(MAIL_REQUESTS.perEmail);
    expect(count(statuses, 429)).toBe(1);
    expect(await attemptsOf('forgot-email:target@example.com')).toBe(MAIL_REQUESTS.perEmail + 1);
  });

  it(`the ${MAIL_REQUESTS.perIp + 1}st request from one address within the window is 429, whatever the emails, in parallel`, async () => {
    ctx = await createTestContext();
    const answers = await Promise.all(Array.from({ length: MAIL_REQUESTS.perIp + 1 }, (_, i) => post('/auth/forgot-password', { email: `person${i}@example.com` }, '198.51.100.77')));
    const statuses = answers.map((answer) => answer.status);
    expect(count(statuses, 200)).toBe(MAIL_REQUESTS.perIp);
    expect(count(statuses, 429)).toBe(1);
    expect(await ctx.db.select().from(loginThrottle).where(like(loginThrottle.key, 'forgot-ip:%')).all()).toMatchObject([{ failures: MAIL_REQUESTS.perIp + 1 }]);
  });
});
