import { execFile, spawn } from 'node:child_process';
import { access, chmod, chown, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Debian's `postgresql` package puts one folder per major version here. */
const PG_ROOT = '/usr/lib/postgresql';

export type PostgresServer = { url: (database: string) => string; stop(): Promise<void> };

/**
 * `dir`: a folder kept between starts (`npm run cluster`): the cluster is made there once, runs
 * with PostgreSQL's durable defaults and is stopped cleanly, not removed. Without it: a throwaway
 * cluster in a temporary folder. `port`: 0 or absent for a free one.
 */
export type PostgresOptions = { dir?: string; port?: number };

async function binDir(): Promise<string> {
  const { stdout } = await run('ls', [PG_ROOT]);
  const newest = stdout
    .split('\n')
    .filter(Boolean)
    .sort((a, b) => Number(b) - Number(a))[0];
  if (!newest) throw new Error(`no PostgreSQL under ${PG_ROOT}: apt-get install -y postgresql`);
  return path.join(PG_ROOT, newest, 'bin');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * Starts a throwaway cluster of Debian's PostgreSQL in a temporary folder, on a free local port,
 * trusting local connections. initdb and postgres refuse to run as root (CI runs as root), so
 * they run as the `postgres` user the package creates; as anyone else they run as that user.
 */
export async function startPostgres(options: PostgresOptions = {}): Promise<PostgresServer> {
  const bin = await binDir();
  const kept = options.dir !== undefined;
  const dir = kept ? path.resolve(options.dir!) : await mkdtemp(path.join(os.tmpdir(), 'swipegrid-pg-'));
  if (kept) await mkdir(dir, { recursive: true });
  const data = path.join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  const { stdout: ids } = asRoot ? await run('id', ['-u', 'postgres']) : { stdout: '' };
  if (asRoot) {
    await chmod(dir, 0o755);
    await chown(dir, Number(ids.trim()), Number(ids.trim()));
  }
  const as = (command: string, args: string[]): [string, string[]] => (asRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args]);
  const made = await access(path.join(data, 'PG_VERSION')).then(
    () => true,
    () => false,
  );
  if (!made) await run(...as(path.join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync']));
  const port = options.port || (await freePort());
  // fsync off: a test cluster is thrown away, and its speed is the tests' speed. A kept one keeps its data through a crash.
  const throwaway = kept ? [] : ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'];
  const server = spawn(...as(path.join(bin, 'postgres'), ['-D', data, '-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1', ...throwaway]), {
    stdio: ['ignore', 'ignore', 'pipe'],
    // Its own process group: a terminal's Ctrl-C to `npm run cluster` must not stop the database before the processes using it.
    detached: true,
  });
  let log = '';
  server.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
  for (let tries = 0; ; tries++) {
    const ready = await run(path.join(bin, 'pg_isready'), ['-h', '127.0.0.1', '-p', String(port)]).then(
      () => true,
      () => false,
    );
    if (ready) break;
    if (tries > 100 || server.exitCode !== null) throw new Error(`PostgreSQL did not start:\n${log}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    async stop() {
      // Through pg_ctl, as the server's user: a signal to runuser does not reach postgres.
      if (server.exitCode !== null || server.signalCode !== null) return;
      const exited = new Promise((resolve) => server.once('exit', resolve));
      await run(...as(path.join(bin, 'pg_ctl'), ['-D', data, 'stop', '-m', kept ? 'fast' : 'immediate']));
      await exited;
      if (!kept) await rm(dir, { recursive: true, force: true });
    },
  };
}
