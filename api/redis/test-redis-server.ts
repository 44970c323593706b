import { type ChildProcess, spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export type TestRedisServer = {
  url: string;
  /** Kills the server (SIGKILL): Redis is down, and all it held is gone. */
  kill(): Promise<void>;
  /** Starts a killed server again on the same port: an empty Redis, as after a restart without persistence. */
  start(): Promise<void>;
  close(): Promise<void>;
};

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => socket.write('*1\r\n$4\r\nPING\r\n'));
    socket.once('data', (data) => {
      socket.destroy();
      resolve(data.toString().startsWith('+PONG'));
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * A real redis-server (Debian's `redis-server`) for tests: on a free port, its files in a temp
 * folder, nothing saved to disk, stopped by `close()`; `kill()` and `start()` restart it.
 * `npm run cluster` gives it a folder of its own (`directory`, kept) and may give it a port.
 * @example const redis = await startTestRedis(); …REDIS_URL: redis.url…; await redis.close();
 */
export async function startTestRedis(options: { directory?: string; port?: number } = {}): Promise<TestRedisServer> {
  const directory = options.directory ?? (await mkdtemp(path.join(os.tmpdir(), 'swipegrid-redis-')));
  if (options.directory) await mkdir(directory, { recursive: true });
  const port = options.port || (await freePort());
  let running: { child: ChildProcess; exited: Promise<void> } | null = null;

  async function start() {
    if (running) throw new Error('the test redis-server is already running');
    const child = spawn('/usr/bin/redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--dir', directory, '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
      // Its own process group: a terminal's Ctrl-C to `npm run cluster` must not stop Redis before the workers using it.
      detached: true,
    });
    running = { child, exited: new Promise<void>((resolve) => child.once('exit', () => resolve())) };
    for (let attempt = 0; !(await answers(port)); attempt++) {
      if (attempt > 200 || child.exitCode !== null) throw new Error('redis-server did not start (is the redis-server package installed?)');
      await sleep(25);
    }
  }

  async function kill() {
    if (!running) return;
    const { child, exited } = running;
    running = null;
    child.kill('SIGKILL');
    await exited;
  }

  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    kill,
    start,
    async close() {
      await kill();
      if (!options.directory) await rm(directory, { recursive: true, force: true });
    },
  };
}
