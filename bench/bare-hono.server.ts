// The yardstick of bench/visitor.bench.ts: a bare Hono app on @hono/node-server doing the same
// shape of work as a visitor call without our code (read a body, answer small JSON).
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const app = new Hono().post('/ok', async (c) => {
  await c.req.text();
  return c.json({ ok: true }, 202);
});
const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => console.log(`Listening: http://127.0.0.1:${info.port}`));
process.once('SIGTERM', () => server.close(() => process.exit(0)));
