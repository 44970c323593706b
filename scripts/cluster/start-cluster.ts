import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_OPERATOR_EMAIL, generatePassword } from '../../api/identity/ensure-first-operator.ts';
import { type AppProcess, startAppProcess } from './app-process.ts';
import { type BackingServices, countPostgresTables, startBackingServices } from './backing-services.ts';

export type ClusterOptions = {
  /** Everything the cluster keeps: pg/, redis/, s3/, app/ (the shared DATA_DIR), operator.json. */
  dataDir: string;
  /** One SQLite file instead of PostgreSQL. */
  sqlite: boolean;
  nodes: number;
  /** 0: no Redis and no worker, each node publishing in its own process (the bench's single-process figures). */
  workers: number;
  /** The first app node's admin port; its site port is the next, the next node's the two after. 0: free ports. */
  port: number;
  /** Where DATABASE_URL, REDIS_URL, S3_*, ADMIN_EMAIL… are read from, and what every process inherits. */
  environment: Record<string, string | undefined>;
  /** Added to every app process's and worker's settings (a bench raises the visitor rate limits). */
  extraEnv?: Record<string, string>;
  log: (line: string) => void;
};

export type ClusterNode = { name: string; adminUrl: string; siteUrl: string; siteHosts: string };

export type RunningCluster = {
  nodes: ClusterNode[];
  workers: AppProcess[];
  /** Every app process and worker. */
  processes: AppProcess[];
  services: BackingServices;
  /** What the app processes actually run on: DATABASE_URL set but unread by this build shows as 'sqlite'. */
  database: 'postgres' | 'sqlite';
  operator: { email: string; password: string };
  demoSiteUrl?: string;
};

export type Cluster = {
  /** Starts the backing services, the workers, then the app nodes one at a time, and resolves once each answers. */
  start(): Promise<RunningCluster>;
  /** Stops whatever has started (also in the middle of `start`, which then rejects), app nodes first. */
  stop(): Promise<void>;
};

/**
 * The scaled-out layout on one machine (docs/deploy.md, "Scaled out"): `npm run cluster`, the
 * cluster test and `npm run bench -- cluster` all start it through here.
 */
export function createCluster(options: ClusterOptions): Cluster {
  const processes: AppProcess[] = [];
  let services: BackingServices | undefined;
  let stopping: Promise<void> | undefined;
  let servicesStopped: Promise<void> | undefined;
  const stopServices = () => {
    if (!services) return Promise.resolve();
    servicesStopped ??= services.stop();
    return servicesStopped;
  };
  const checkNotStopped = () => {
    if (stopping) throw new Error('the cluster was stopped while starting');
  };

  async function start(): Promise<RunningCluster> {
    const { dataDir, environment, log } = options;
    const appDir = path.join(dataDir, 'app');
    await mkdir(appDir, { recursive: true });
    const inProcess = options.workers === 0;
    services = await startBackingServices({ dataDir, sqlite: options.sqlite, redis: !inProcess, environment });
    checkNotStopped();
    for (const line of services.described) log(`[cluster]  ${line}`);

    const ports = await nodePorts(options.nodes, options.port);
    const operator = await operatorLogin(dataDir, environment);
    const siteOrigin = environment.SITE_ORIGIN ?? `http://localhost:${ports[0]!.site}`;
    const env: Record<string, string | undefined> = {
      NODE_ENV: environment.NODE_ENV ?? 'development',
      HOST: environment.HOST ?? '127.0.0.1',
      DATA_DIR: appDir,
      ADMIN_EMAIL: operator.email,
      ADMIN_PASSWORD: operator.password,
      ...services.env,
      ...options.extraEnv,
      // On SQLite a DATABASE_URL of the shell must not reach the processes, nor a REDIS_URL without workers.
      ...(options.sqlite ? { DATABASE_URL: undefined } : {}),
      ...(inProcess ? { REDIS_URL: undefined } : {}),
    };
    const run = (name: string, args: string[], extra: Record<string, string> = {}) => {
      const started = startAppProcess(name, args, { ...environment, ...env, ...extra }, log);
      processes.push(started);
      return started;
    };

    // One process makes the schema before any other opens the database: several at once would race to apply it.
    const migrate = run('migrate', ['migrate']);
    const migrated = await migrate.exited;
    processes.splice(processes.indexOf(migrate), 1);
    if (migrated !== 0) throw new Error(`migrate exited with ${migrated}`);
    checkNotStopped();

    // Workers first: the first node's start publishes the demo site and waits for it, through them.
    // They render pages for the first node's site host (behind a load balancer, set SITE_ORIGIN on all).
    const workers = Array.from({ length: options.workers }, (_, i) => run(`worker-${i + 1}`, ['worker'], { SITE_ORIGIN: siteOrigin }));
    await Promise.all(workers.map((worker) => worker.waitFor(/^swipegrid worker \d+/)));

    const nodes: ClusterNode[] = [];
    let demoSiteUrl: string | undefined;
    // One after the other: the first makes the first operator and the demo site, the next finds them.
    for (const [i, port] of ports.entries()) {
      checkNotStopped();
      const node = run(`node-${i + 1}`, ['serve'], { PORT: String(port.admin), SITE_PORT: String(port.site) });
      const adminUrl = (await node.waitFor(/^Swipegrid admin:\s+(\S+?)\/?$/))[1]!;
      const sites = await node.waitFor(/^Published sites:\s+(\S+?)\/?\s+\(or (\S+?)\/sites\//);
      await answers(`${adminUrl}/`);
      await answers(`${sites[2]!}/`);
      nodes.push({ name: node.name, adminUrl, siteUrl: sites[2]!, siteHosts: sites[1]! });
      if (i === 0) {
        const demo = await Promise.race([node.waitFor(/^Demo site:\s+(\S+)/), new Promise<null>((resolve) => setTimeout(() => resolve(null), 200))]);
        demoSiteUrl = demo?.[1];
      }
    }
    checkNotStopped();
    const database = !options.sqlite && env.DATABASE_URL && (await countPostgresTables(env.DATABASE_URL)) > 0 ? 'postgres' : 'sqlite';
    return { nodes, workers, processes: [...processes], services, database, operator, ...(demoSiteUrl ? { demoSiteUrl } : {}) };
  }

  return {
    async start() {
      try {
        return await start();
      } catch (error) {
        await this.stop();
        // A stop asked while a service or process was still starting could not see it: it is known now.
        await Promise.all(processes.map((member) => member.stop()));
        await stopServices();
        throw error;
      }
    },
    stop() {
      stopping ??= (async () => {
        const isWorker = (member: AppProcess) => member.name.startsWith('worker-');
        // Nodes first so no new publish is queued; workers finish the publish in hand; then what they used.
        await Promise.all(processes.filter((member) => !isWorker(member)).map((member) => member.stop()));
        await Promise.all(processes.filter(isWorker).map((member) => member.stop()));
        await stopServices();
      })();
      return stopping;
    },
  };
}

/** Admin and site ports of each node: consecutive from `base`, or free ones when `base` is 0. */
async function nodePorts(count: number, base: number): Promise<Array<{ admin: number; site: number }>> {
  const ports: Array<{ admin: number; site: number }> = [];
  for (let i = 0; i < count; i++) ports.push(base === 0 ? { admin: await freePort(), site: await freePort() } : { admin: base + 2 * i, site: base + 2 * i + 1 });
  return ports;
}

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

const savedLogin = z.object({ email: z.string(), password: z.string() });

/**
 * The first operator's login: ADMIN_EMAIL and ADMIN_PASSWORD when set, else made on the first run
 * and kept in `operator.json` (readable by its owner only), so every run can print it again.
 */
async function operatorLogin(dataDir: string, environment: Record<string, string | undefined>): Promise<{ email: string; password: string }> {
  if (environment.ADMIN_EMAIL && environment.ADMIN_PASSWORD) return { email: environment.ADMIN_EMAIL, password: environment.ADMIN_PASSWORD };
  const file = path.join(dataDir, 'operator.json');
  const saved = await readFile(file, 'utf8').then(
    (text) => savedLogin.parse(JSON.parse(text)),
    () => null,
  );
  if (saved) return saved;
  const made = { email: environment.ADMIN_EMAIL ?? DEFAULT_OPERATOR_EMAIL, password: generatePassword() };
  await writeFile(file, `${JSON.stringify(made, null, 2)}\n`, { mode: 0o600 });
  return made;
}

/** Waits until the address answers HTTP at all (any status): the process listens and serves. */
async function answers(url: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    const ok = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(5000) }).then(
      () => true,
      () => false,
    );
    if (ok) return;
    if (attempt > 100) throw new Error(`${url} does not answer`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
