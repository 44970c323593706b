import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';

export type TestCaddy = { adminPort: number; sitePort: number; stop(): Promise<void> };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

function accepting(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Debian's Caddy in front of a running Swipegrid as deploy/Caddyfile puts it there (plain HTTP on
 * free loopback ports: the certificates are not what is tested). Caddy writes X-Forwarded-For
 * itself and, with no trusted_proxies of its own, drops the one a client sends.
 */
export async function startTestCaddy(upstream: { adminPort: number; sitePort: number }): Promise<TestCaddy> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'swipegrid-caddy-run-'));
  const [adminPort, sitePort] = [await freePort(), await freePort()];
  const caddyfile = `{
	admin off
	auto_https off
}

http://:${adminPort} {
	bind 127.0.0.1
	reverse_proxy 127.0.0.1:${upstream.adminPort}
}

http://:${sitePort} {
	bind 127.0.0.1
	reverse_proxy 127.0.0.1:${upstream.sitePort} {
		header_up Host {host}
	}
}
`;
  await writeFile(path.join(dir, 'Caddyfile'), caddyfile);
  const child: ChildProcess = spawn('/usr/bin/caddy', ['run', '--adapter', 'caddyfile', '--config', path.join(dir, 'Caddyfile')], {
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: dir, XDG_DATA_HOME: dir, XDG_CONFIG_HOME: dir },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let log = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    log += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
    await rm(dir, { recursive: true, force: true });
  };
  // Ready once both ports accept; a Caddy that exits first failed to start, and says why on stderr.
  while (!((await accepting(adminPort)) && (await accepting(sitePort)))) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`caddy exited with ${child.exitCode}: ${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { adminPort, sitePort, stop };
}
