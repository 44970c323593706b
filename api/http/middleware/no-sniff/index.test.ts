import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { noSniff } from './index.ts';

describe('noSniff', () => {
  it('marks a JSON answer, a plain answer and a redirect made by Response.redirect (immutable headers) nosniff', async () => {
    const app = new Hono()
      .use(noSniff())
      .get('/json', (c) => c.json({ ok: true }))
      .get('/text', () => new Response('hello', { headers: { 'content-type': 'text/plain' } }))
      .get('/moved', () => Response.redirect('http://localhost/json', 301));
    for (const path of ['/json', '/text', '/moved']) {
      const response = await app.request(`http://localhost${path}`);
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
    }
    expect((await app.request('http://localhost/moved')).status).toBe(301);
  });
});
