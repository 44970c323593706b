import path from 'node:path';
import pg from 'pg';
import { startPostgres } from '../../api/db/pg/postgres-server.ts';
import { startTestRedis } from '../../api/redis/test-redis-server.ts';
import { s3Environment, startS3TestServer } from '../../storage/s3-test-server.ts';

/** The database every app process and worker of a cluster shares. */
export const CLUSTER_DATABASE = 'swipegrid';
/** The bucket the cluster's own S3 server holds. */
export const CLUSTER_BUCKET = 'swipegrid';

export type BackingServices = {
  /** The settings every app process and worker gets: the database, REDIS_URL and the storage. */
  env: Record<string, string>;
  /** One line per service: what it is and whether the cluster started it or found it set. */
  described: string[];
  /** Stops what this started (never what the environment named). */
  stop(): Promise<void>;
};

type Stoppable = { name: string; stop(): Promise<void> };

/**
 * PostgreSQL, Redis and an S3 server for `npm run cluster`: each taken from the environment when
 * set (DATABASE_URL, REDIS_URL, S3_ENDPOINT with the other S3_* settings), else started here with
 * its data under `dataDir` (pg/, redis/, s3/), kept between runs. `sqlite`: one SQLite file under
 * `dataDir`/app instead of PostgreSQL, shared by every process on this machine. `redis` false: no
 * Redis at all (the single-process figures of the cluster bench).
 */
export async function startBackingServices(options: { dataDir: string; sqlite: boolean; redis: boolean; environment: Record<string, string | undefined> }): Promise<BackingServices> {
  const { dataDir, environment } = options;
  const started: Stoppable[] = [];
  const env: Record<string, string> = {};
  const described: string[] = [];
  const stop = async () => {
    // The last started first: nothing is left using a service already gone.
    for (const service of started.reverse()) await service.stop().catch((error: unknown) => console.error(`stopping ${service.name}:`, error));
  };
  try {
    if (options.sqlite) {
      env.DATABASE_FILE = path.join(dataDir, 'app', 'swipegrid.sqlite');
      described.push(`database: SQLite ${env.DATABASE_FILE}`);
    } else if (environment.DATABASE_URL) {
      env.DATABASE_URL = environment.DATABASE_URL;
      described.push(`database: ${hidePassword(environment.DATABASE_URL)} (DATABASE_URL)`);
    } else {
      const postgres = await startPostgres({ dir: path.join(dataDir, 'pg') });
      started.push({ name: 'PostgreSQL', stop: postgres.stop });
      await ensureDatabase(postgres.url('postgres'), CLUSTER_DATABASE);
      env.DATABASE_URL = postgres.url(CLUSTER_DATABASE);
      described.push(`database: ${env.DATABASE_URL} (PostgreSQL started here, data in ${path.join(dataDir, 'pg')})`);
    }

    if (!options.redis) {
      described.push('redis:    none (publishes run in the app process)');
    } else if (environment.REDIS_URL) {
      env.REDIS_URL = environment.REDIS_URL;
      described.push(`redis:    ${hidePassword(environment.REDIS_URL)} (REDIS_URL)`);
    } else {
      const redis = await startTestRedis({ directory: path.join(dataDir, 'redis') });
      started.push({ name: 'Redis', stop: redis.close });
      env.REDIS_URL = redis.url;
      described.push(`redis:    ${redis.url} (redis-server started here)`);
    }

    if (environment.S3_ENDPOINT) {
      env.STORAGE_DRIVER = 's3';
      for (const name of ['S3_ENDPOINT', 'S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE']) {
        const value = environment[name];
        if (value) env[name] = value;
      }
      described.push(`storage:  S3 ${environment.S3_ENDPOINT} bucket ${environment.S3_BUCKET ?? '(S3_BUCKET unset)'} (S3_ENDPOINT)`);
    } else {
      const s3 = await startS3TestServer(CLUSTER_BUCKET, { directory: path.join(dataDir, 's3') });
      started.push({ name: 'S3 server', stop: s3.close });
      const { options: s3Options } = s3;
      Object.assign(env, s3Environment(s3), { S3_FORCE_PATH_STYLE: 'true' });
      described.push(`storage:  S3 ${s3Options.endpoint} bucket ${s3Options.bucket} (s3rver started here, objects in ${path.join(dataDir, 's3')})`);
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { env, described, stop };
}

/** Creates the cluster's database on first start (PostgreSQL has no CREATE DATABASE IF NOT EXISTS). */
async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database ${pg.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
}

/** How many tables the app made in the database: none means this build did not use DATABASE_URL. */
export async function countPostgresTables(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query<{ n: string }>(`select count(*) as n from information_schema.tables where table_schema = 'public'`);
    return Number(result.rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}

const hidePassword = (url: string) => url.replace(/\/\/([^:@/]*):[^@/]*@/, '//$1:***@');
