/**
 * `npm run cluster`: the scaled-out layout on one machine (docs/deploy.md, "Scaled out").
 * PostgreSQL, Redis and an S3 server are started when DATABASE_URL, REDIS_URL and S3_ENDPOINT do
 * not name them, with their data under ./data/cluster kept between runs; then two workers and two
 * app nodes, whose logs stream here prefixed by name. Ctrl-C or SIGTERM stops all of it.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ensureBuilt } from './build-template.ts';
import { createCluster } from './cluster/start-cluster.ts';

const USAGE = `Usage: npm run cluster -- [--sqlite] [--data DIR] [--port N] [--nodes N] [--workers N]

  --sqlite      one SQLite file (DIR/app/swipegrid.sqlite) instead of PostgreSQL
  --data DIR    where the cluster keeps its data (default ./data/cluster)
  --port N      the first node's admin port (default 3100); its site port is N+1, the next node's N+2 and N+3; 0: free ports
  --nodes N     app processes (default 2)
  --workers N   publish workers (default 2)

DATABASE_URL, REDIS_URL and S3_ENDPOINT (with S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID…) name services to use instead of starting them.`;

function wholeNumber(value: string, name: string, min: number, max: number): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < min || number > max) {
    console.error(`npm run cluster: --${name} takes a whole number from ${min} to ${max}\n\n${USAGE}`);
    process.exit(2);
  }
  return number;
}

const { values } = parseArgs({
  options: {
    sqlite: { type: 'boolean', default: false },
    data: { type: 'string', default: './data/cluster' },
    port: { type: 'string', default: '3100' },
    nodes: { type: 'string', default: '2' },
    workers: { type: 'string', default: '2' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}

const log = (line: string) => console.log(line);
const cluster = createCluster({
  dataDir: path.resolve(values.data),
  sqlite: values.sqlite,
  port: wholeNumber(values.port, 'port', 0, 65534),
  nodes: wholeNumber(values.nodes, 'nodes', 1, 16),
  workers: wholeNumber(values.workers, 'workers', 1, 16),
  environment: process.env,
  log,
});

let exitCode = 0;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    log(`[cluster]  ${signal}: stopping every process`);
    void cluster.stop().finally(() => process.exit(exitCode));
  });
}

// The viewer and admin the nodes serve and the workers render with, built once here rather than by each process.
await ensureBuilt();
try {
  const running = await cluster.start();
  log('[cluster]  ready:');
  for (const node of running.nodes) log(`[cluster]  ${node.name}  admin ${node.adminUrl}/  sites ${node.siteHosts}/ (or ${node.siteUrl}/sites/{siteId}/)`);
  log(`[cluster]  workers: ${running.workers.map((worker) => `${worker.name} (pid ${worker.child.pid})`).join(', ')}`);
  if (running.database === 'sqlite' && !values.sqlite) log('[cluster]  note: this build does not read DATABASE_URL yet: the processes share the SQLite file in their DATA_DIR');
  log(`[cluster]  operator: ${running.operator.email}  password: ${running.operator.password}`);
  if (running.demoSiteUrl) log(`[cluster]  demo site: ${running.demoSiteUrl}`);
  log('[cluster]  Ctrl-C stops everything.');
  for (const member of running.processes) {
    void member.exited.then((code) => {
      if (code !== 0) exitCode = 1;
      log(`[cluster]  ${member.name} ended (${code ?? member.child.signalCode})`);
    });
  }
} catch (error) {
  console.error(`[cluster]  ${error instanceof Error ? error.message : String(error)}`);
  await cluster.stop();
  process.exit(1);
}
