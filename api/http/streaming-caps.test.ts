import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pngBytes } from '../test-support.ts';
import { serverAddresses } from '../server-process.ts';

/**
 * The caps against the server as it runs: a process of its own on real sockets, so the memory
 * measured is the server's alone and Node's own HTTP parser is in the way, as in production.
 */
const PASSWORD = 'Operator-pass1!';
let dataDir = '';
let child: ChildProcess;
let adminUrl = '';
let siteUrl = '';
let cookie = '';
let siteId = '';

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'swipegrid-streaming-caps-'));
  const script = fileURLToPath(new URL('../server.ts', import.meta.url));
  // The server's temporary files go in a folder of the test's own, to be seen gone.
  await mkdir(join(dataDir, 'tmp'));
  const env = {
    ...process.env,
    TMPDIR: join(dataDir, 'tmp'),
    DATA_DIR: dataDir,
    PORT: '0',
    SITE_PORT: '0',
    ADMIN_EMAIL: 'owner@example.com',
    ADMIN_PASSWORD: PASSWORD,
    SEED_DEMO: 'false',
    NODE_ENV: 'test',
  };
  child = spawn(process.execPath, [script], { env, stdio: ['ignore', 'pipe', 'inherit'] });
  ({ adminUrl, siteUrl } = await serverAddresses(child));
  const login = await fetch(`${adminUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'owner@example.com', password: PASSWORD }),
  });
  expect(login.status).toBe(200);
  cookie = login.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const created = await fetch(`${adminUrl}/api/site`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Caps', numberHorizontal: 1, numberVertical: 1 }),
  });
  expect(created.status).toBe(201);
  siteId = ((await created.json()) as { id: string }).id;
}, 60_000);

afterAll(async () => {
  if (child && child.exitCode === null) {
    const ended = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await ended;
  }
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** The server process's resident memory, in bytes, as the kernel counts it. */
function serverRss(): number {
  const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) * 1024;
}

type Answer = { status: number; body: string };

/**
 * Sends a body made by `write` (chunked unless `headers` give a length) and resolves with the
 * answer. The server may close the connection while the body is still going out: the answer,
 * once it came, is what counts.
 */
function send(path: string, headers: Record<string, string>, write: (out: { write(chunk: Buffer): Promise<boolean> }) => Promise<void>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const url = new URL(path, adminUrl);
    // No shared agent: a refused upload's connection is closed by the server, and must not be reused.
    const req = httpRequest(url, { method: headers['x-method'] ?? 'POST', headers: { cookie, ...headers }, agent: false });
    let answered = false;
    req.on('response', (response) => {
      answered = true;
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        body += chunk;
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      response.on('error', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    const out = {
      write: (chunk: Buffer) =>
        new Promise<boolean>((done) => {
          if (answered || req.destroyed) return done(false);
          if (req.write(chunk)) return done(true);
          const onDrain = () => {
            req.off('close', onClose);
            done(!answered);
          };
          const onClose = () => {
            req.off('drain', onDrain);
            done(false);
          };
          req.once('drain', onDrain);
          req.once('close', onClose);
        }),
    };
    void write(out).then(() => {
      if (!req.destroyed && !answered) req.end();
    });
  });
}

/**
 * The server's memory once its start-up has finished growing: the event writer thread loads its
 * modules beside the first requests, and its tens of megabytes are not the upload's.
 */
async function settledRss(): Promise<number> {
  let last = serverRss();
  for (let round = 0; round < 60; round++) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = serverRss();
    if (Math.abs(now - last) < MB) return now;
    last = now;
  }
  return last;
}

const BOUNDARY = 'swipegrid-test-boundary';
const MB = 1024 * 1024;

describe('a chunked upload far over the limit', () => {
  it('is refused with 413 while it streams, the server growing by less than 64 MB', { timeout: 180_000 }, async () => {
    const before = await settledRss();
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, serverRss());
    }, 20);
    const chunk = Buffer.alloc(MB, 0x41);
    let sent = 0;
    const answer = await send(`/api/site/${siteId}/media`, { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, 'transfer-encoding': 'chunked' }, async (out) => {
      await out.write(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="huge.mp4"\r\nContent-Type: video/mp4\r\n\r\n`));
      for (let index = 0; index < 300; index++) {
        if (!(await out.write(chunk))) break;
        sent += chunk.byteLength;
      }
    });
    clearInterval(sampler);
    peak = Math.max(peak, serverRss());
    const growth = peak - before;
    console.log(`300 MB chunked upload: refused after ${Math.round(sent / MB)} MB sent; server RSS ${Math.round(before / MB)} MB → peak ${Math.round(peak / MB)} MB (+${(growth / MB).toFixed(1)} MB)`);
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'payload_too_large', key: 'fileTooLarge', values: { file: 'huge.mp4', max: 30 } });
    expect(sent).toBeLessThan(300 * MB);
    expect(growth).toBeLessThan(64 * MB);
    // The part written to a temporary file before the limit is gone with it.
    expect(await readdir(join(dataDir, 'tmp'))).toEqual([]);
  });
});

describe('an upload that is taken', () => {
  it('leaves no temporary file behind', async () => {
    const form = new FormData();
    form.append('file', new File([(await pngBytes(20, 20, '#118844')) as Uint8Array<ArrayBuffer>], 'green.png', { type: 'image/png' }));
    const stored = await fetch(`${adminUrl}/api/site/${siteId}/media`, { method: 'POST', headers: { cookie }, body: form });
    expect(stored.status).toBe(201);
    expect(await readdir(join(dataDir, 'tmp'))).toEqual([]);
  });
});

describe('a 2 MB JSON body to a settings route', () => {
  const body = Buffer.from(JSON.stringify({ name: 'x'.repeat(2 * MB) }));

  it('is refused with 413 from its Content-Length, before it is read', async () => {
    const answer = await send(`/api/site/${siteId}`, { 'x-method': 'PUT', 'content-type': 'application/json', 'content-length': String(body.byteLength) }, async (out) => {
      await out.write(body);
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'payload_too_large', key: 'bodyTooLarge' });
  });

  it('is refused with 413 when it comes chunked, once past the cap', async () => {
    const answer = await send(`/api/site/${siteId}`, { 'x-method': 'PUT', 'content-type': 'application/json', 'transfer-encoding': 'chunked' }, async (out) => {
      for (let at = 0; at < body.byteLength; at += 64 * 1024) if (!(await out.write(body.subarray(at, at + 64 * 1024)))) break;
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'payload_too_large', key: 'bodyTooLarge' });
  });

  it('while a settings body of legitimate size is still taken', async () => {
    const answer = await send(`/api/site/${siteId}`, { 'x-method': 'PUT', 'content-type': 'application/json', 'transfer-encoding': 'chunked' }, async (out) => {
      await out.write(Buffer.from(JSON.stringify({ name: 'Renamed' })));
    });
    expect(answer.status).toBe(200);
  });
});

/** What a raw socket gets back for `bytes`, until the server closes it. */
function raw(origin: string, bytes: string): Promise<string> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.end(bytes));
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      text += chunk;
    });
    socket.on('close', () => resolve(text));
    socket.on('error', reject);
  });
}

/** The last response in what a socket got: its status and its JSON body. */
function lastResponse(text: string): { status: number; json: unknown; head: string } {
  const start = text.lastIndexOf('HTTP/1.1 ');
  const response = text.slice(start);
  const [head, body] = [response.slice(0, response.indexOf('\r\n\r\n')), response.slice(response.indexOf('\r\n\r\n') + 4)];
  return { status: Number(head.slice(9, 12)), json: JSON.parse(body), head };
}

describe("requests Node's HTTP layer refuses", () => {
  const origins = () => [
    ['admin', adminUrl],
    ['site', siteUrl],
  ];

  it('oversized headers or address get 431 with a JSON error, on both servers', async () => {
    for (const [name, origin] of origins()) {
      const headers = await raw(origin!, `GET / HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
      const address = await raw(origin!, `GET /${'a'.repeat(20_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
      for (const text of [headers, address]) {
        const answer = lastResponse(text);
        expect(answer.status, name).toBe(431);
        expect(answer.head, name).toMatch(/content-type: application\/json/i);
        expect(answer.json, name).toEqual({ code: 'bad_request', key: 'headersTooLarge', values: {}, message: "The request's address or headers are too large.", issues: [] });
      }
    }
  });

  it('a bad request line, and bytes after a body’s declared length, get 400 with a JSON error, on both servers', async () => {
    for (const [name, origin] of origins()) {
      const line = lastResponse(await raw(origin!, 'NOT A REQUEST\r\n\r\n'));
      expect(line.status, name).toBe(400);
      expect(line.json, name).toMatchObject({ code: 'bad_request', key: 'malformedRequest', message: 'The request could not be read.' });

      const longer = await raw(origin!, `POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}${'\u0001'.repeat(100)}\r\n\r\n`);
      // The declared two bytes are one request; what follows is no request at all, and the
      // connection ends on it (its refusal may overtake the first answer, as with Node's own).
      const after = lastResponse(longer);
      expect(after.status, name).toBe(400);
      expect(after.json, name).toMatchObject({ key: 'malformedRequest' });
    }
  });
});
