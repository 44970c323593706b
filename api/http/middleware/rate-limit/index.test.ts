import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { handleError } from '../../errors.ts';
import { rateLimit } from './index.ts';

function appWith(perMinute: number, clock: { t: number }) {
  const app = new Hono();
  app.onError(handleError);
  app.use(rateLimit({ perMinute, key: (c) => c.req.header('x-test-client') ?? '?', language: () => 'en', now: () => clock.t }));
  app.post('/x', (c) => c.json({ ok: true }));
  app.get('/x', (c) => c.json({ ok: true }));
  return app;
}

const post = (app: Hono, client: string) => app.request('/x', { method: 'POST', headers: { 'x-test-client': client } });

describe('rateLimit', () => {
  it('lets a burst of perMinute through, then answers 429 with Retry-After and a message', async () => {
    const clock = { t: 0 };
    const app = appWith(3, clock);
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await post(app, 'a')).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const refused = await post(app, 'a');
    expect(refused.headers.get('retry-after')).toBe('20');
    expect(await refused.json()).toEqual({ message: 'Too many requests. Please wait a moment and try again.', code: 'too_many_requests', key: 'tooManyRequests', values: {}, issues: [] });
  });

  it('counts each client apart and refills over the minute', async () => {
    const clock = { t: 0 };
    const app = appWith(2, clock);
    await post(app, 'a');
    await post(app, 'a');
    expect((await post(app, 'a')).status).toBe(429);
    expect((await post(app, 'b')).status).toBe(200);
    clock.t += 30_000;
    expect((await post(app, 'a')).status).toBe(200);
    expect((await post(app, 'a')).status).toBe(429);
  });

  it('does not count reads', async () => {
    const app = appWith(1, { t: 0 });
    for (let i = 0; i < 5; i++) expect((await app.request('/x')).status).toBe(200);
  });

  it('refuses to be made without a limit', () => {
    expect(() => rateLimit({ perMinute: 0, key: () => '' })).toThrow(/perMinute/);
  });
});
