import { resolve } from 'node:path';
import { z } from 'zod';
import { defaultSiteDomain } from '../model/site-origin.ts';
import { type IpRange, parseIpRange } from '../model/ip-range.ts';
import type { S3Connection } from '../storage/index.ts';
import { DEFAULT_POSTGRES_SETTINGS, type PostgresSettings } from './db/pg/postgres-engine.ts';

const port = z.coerce.number().int().min(0).max(65535);
const origin = z.url({ protocol: /^https?$/ }).transform((value) => value.replace(/\/+$/, ''));

const HOST_NAME = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

const envSchema = z.object({
  PORT: port.default(3000),
  SITE_PORT: port.optional(),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_FILE: z.string().min(1).optional(),
  /** `postgres://user:pass@host:5432/db`: the whole app on PostgreSQL (docs/deploy.md, "Scaled out"); DATABASE_FILE is then unused. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
    .optional(),
  /** Connections each process keeps to PostgreSQL at most (the node, its analytics writer and each worker have a pool of their own). */
  DATABASE_POOL_SIZE: z.coerce
    .number({ message: 'a whole number of connections, such as 10' })
    .int('a whole number of connections, such as 10')
    .min(1, 'at least 1 connection')
    .max(1000, 'at most 1000 connections (PostgreSQL refuses past max_connections)')
    .default(DEFAULT_POSTGRES_SETTINGS.poolSize),
  /** A PostgreSQL statement running longer is cancelled and fails its own request (statement_timeout). */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce
    .number({ message: 'milliseconds, such as 60000' })
    .int('whole milliseconds, such as 60000')
    .min(100, 'at least 100 ms: shorter would cancel ordinary queries')
    .max(3_600_000, 'at most 3600000 ms (an hour)')
    .default(DEFAULT_POSTGRES_SETTINGS.statementTimeoutMs),
  STORAGE_DRIVER: z.string().min(1).default('fs'),
  STORAGE_DIR: z.string().min(1).optional(),
  EXPORT_STORAGE_DRIVER: z.string().min(1).optional(),
  EXPORT_STORAGE_DIR: z.string().min(1).optional(),
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'an S3 bucket name (3 to 63 lower-case letters, digits, dots and hyphens)')
    .optional(),
  S3_REGION: z.string().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).optional(),
  EXPORT_S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'an S3 bucket name (3 to 63 lower-case letters, digits, dots and hyphens)')
    .optional(),
  ADMIN_ORIGIN: origin.optional(),
  SITE_ORIGIN: origin.optional(),
  SITE_DOMAIN: z.string().trim().toLowerCase().regex(HOST_NAME, 'a host name such as swipegrid-sites.net').optional(),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(8).max(50).optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().min(3).default('Swipegrid <no-reply@swipegrid.local>'),
  SEED_DEMO: z.enum(['true', 'false']).default('true'),
  NODE_ENV: z.string().default('development'),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  /** How long a worker holds a publish before BullMQ counts it stalled (tests shorten it). */
  WORKER_LOCK_MS: z.coerce.number().int().min(500).max(600_000).default(30_000),
  VISITOR_RATE_LIMIT_SCALE: z.coerce.number().min(1).max(1_000_000).default(1),
  DNS_RESOLVER: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((server) => server.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().regex(/^(\[[0-9a-fA-F:.]+\]|[0-9a-fA-F:.]+)(:\d{1,5})?$/, 'an address such as 127.0.0.1:53 or [::1]:53')))
    .optional(),
  DOMAIN_CNAME_TARGET: z.string().trim().toLowerCase().regex(HOST_NAME, 'a host name such as sites.swipegrid-sites.net').optional(),
  DOMAIN_ADDRESSES: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((address) => address.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().refine((address) => parseIpRange(address)?.prefix === (address.includes(':') ? 128 : 32), 'IPv4 or IPv6 addresses, comma-separated')))
    .optional(),
  TRUSTED_PROXIES: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().refine((entry) => parseIpRange(entry) !== null, 'addresses or CIDR ranges of the proxies in front, comma-separated, such as 127.0.0.1,::1')))
    .optional(),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_/, 'a Stripe secret key (sk_… or rk_…)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_/, 'a webhook signing secret (whsec_…)')
    .optional(),
  STRIPE_API_BASE: origin.optional(),
});

export type Config = {
  port: number;
  sitePort: number;
  host: string;
  dataDir: string;
  /** The SQLite file, or the `postgres://` URL of DATABASE_URL (openDatabase tells them apart). */
  database: string;
  /** The PostgreSQL pool of each process and its statement timeout (DATABASE_POOL_SIZE, DATABASE_STATEMENT_TIMEOUT_MS); unused on SQLite. */
  postgres: PostgresSettings;
  /** `s3` is set when the driver is s3. */
  storage: { driver: string; root: string; s3?: S3Connection };
  /** The bucket `npm run export -- --to-storage` writes a site's static tree to: a store of its own, never the main one. */
  exportStorage: { driver: string; root: string; s3?: S3Connection };
  adminOrigin: string;
  siteOrigin: string;
  /** Every site without a custom domain is served on `{handle}.{siteDomain}` (a wildcard DNS name). */
  siteDomain: string;
  firstOperator: { email?: string; password?: string };
  mail: { smtpUrl?: string; from: string; outboxDir: string };
  seedDemo: boolean;
  production: boolean;
  /** Multiplies the visitor rate limits (api/visitor/visitor-api.ts); the benchmark raises it. */
  visitorRateLimitScale: number;
  /** The DNS servers custom domains are checked through; the system's when empty. */
  dnsResolver: string[];
  /** Where a custom domain must point: a CNAME to `cname` (default SITE_DOMAIN) or A/AAAA records among `addresses`. */
  domainTarget: { cname: string | null; addresses: string[] };
  /**
   * The proxies in front (TRUSTED_PROXIES): a request whose peer is one of them is counted by the
   * address its X-Forwarded-For gives (api/http/client-ip.ts); empty: by the peer alone.
   */
  trustedProxies: IpRange[];
  /** Card billing through Stripe's API (api/billing/stripe-provider.ts): off (null) without a key. */
  stripe: { secretKey: string; webhookSecret: string; apiBase?: string } | null;
  /** Publishes go to a BullMQ queue on this Redis, run by `swipegrid worker`s; null: in this process. */
  redis: { url: string; workerLockMs: number } | null;
};

/** The bucket settings of the s3 driver; a missing one stops the start with its name. */
function s3Connection(e: z.infer<typeof envSchema>, bucket: string | undefined, bucketVariable: 'S3_BUCKET' | 'EXPORT_S3_BUCKET'): S3Connection {
  if (bucket === undefined) throw new Error(`Invalid setting ${bucketVariable}: required when the storage driver is s3`);
  if (e.S3_REGION === undefined) throw new Error('Invalid setting S3_REGION: required when the storage driver is s3 (any name, such as us-east-1, for a server without regions)');
  if ((e.S3_ACCESS_KEY_ID === undefined) !== (e.S3_SECRET_ACCESS_KEY === undefined)) {
    throw new Error('Invalid setting S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY: give both, or neither to use the AWS default credential chain');
  }
  const connection: S3Connection = { bucket, region: e.S3_REGION };
  if (e.S3_ENDPOINT !== undefined) connection.endpoint = e.S3_ENDPOINT;
  if (e.S3_ACCESS_KEY_ID !== undefined && e.S3_SECRET_ACCESS_KEY !== undefined) connection.credentials = { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY };
  if (e.S3_FORCE_PATH_STYLE !== undefined) connection.forcePathStyle = e.S3_FORCE_PATH_STYLE === 'true';
  return connection;
}

/**
 * Reads every setting from the environment (documented in .env.example). A bad value stops
 * the start with a message naming the variable rather than running on a guess.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, value]) => value !== '')));
  if (parsed.success && Boolean(parsed.data.STRIPE_SECRET_KEY) !== Boolean(parsed.data.STRIPE_WEBHOOK_SECRET)) {
    // Charging without reading the provider's confirmations would leave every card payment processing.
    throw new Error('Invalid setting STRIPE_WEBHOOK_SECRET: STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set together');
  }
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`Invalid setting ${issue.path.join('.')}: ${issue.message}`);
  }
  const e = parsed.data;
  const exportDriver = e.EXPORT_STORAGE_DRIVER ?? e.STORAGE_DRIVER;
  const dataDir = resolve(e.DATA_DIR);
  // Published sites get a port of their own so an owner's scripts never share the admin's origin.
  const sitePort = e.SITE_PORT ?? (e.PORT === 0 ? 0 : e.PORT + 1);
  return {
    port: e.PORT,
    sitePort,
    host: e.HOST,
    dataDir,
    database: e.DATABASE_URL ?? resolve(e.DATABASE_FILE ?? `${dataDir}/swipegrid.sqlite`),
    postgres: { poolSize: e.DATABASE_POOL_SIZE, statementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS },
    storage: { driver: e.STORAGE_DRIVER, root: resolve(e.STORAGE_DIR ?? `${dataDir}/storage`), ...(e.STORAGE_DRIVER === 's3' ? { s3: s3Connection(e, e.S3_BUCKET, 'S3_BUCKET') } : {}) },
    exportStorage: {
      driver: exportDriver,
      root: resolve(e.EXPORT_STORAGE_DIR ?? `${dataDir}/export`),
      // Only `npm run export -- --to-storage` needs it, and says so (scripts/export.ts): the server starts without.
      ...(exportDriver === 's3' && e.EXPORT_S3_BUCKET !== undefined ? { s3: s3Connection(e, e.EXPORT_S3_BUCKET, 'EXPORT_S3_BUCKET') } : {}),
    },
    adminOrigin: e.ADMIN_ORIGIN ?? `http://localhost:${e.PORT}`,
    siteOrigin: e.SITE_ORIGIN ?? `http://localhost:${sitePort}`,
    siteDomain: e.SITE_DOMAIN ?? (e.SITE_ORIGIN ? defaultSiteDomain(e.SITE_ORIGIN) : 'localhost'),
    firstOperator: { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD },
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, outboxDir: `${dataDir}/outbox` },
    seedDemo: e.SEED_DEMO === 'true',
    production: e.NODE_ENV === 'production',
    visitorRateLimitScale: e.VISITOR_RATE_LIMIT_SCALE,
    dnsResolver: e.DNS_RESOLVER ?? [],
    trustedProxies: (e.TRUSTED_PROXIES ?? []).flatMap((entry) => parseIpRange(entry) ?? []),
    stripe: e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, apiBase: e.STRIPE_API_BASE } : null,
    redis: e.REDIS_URL ? { url: e.REDIS_URL, workerLockMs: e.WORKER_LOCK_MS } : null,
    domainTarget: { cname: e.DOMAIN_CNAME_TARGET ?? e.SITE_DOMAIN ?? (e.SITE_ORIGIN ? defaultSiteDomain(e.SITE_ORIGIN) : 'localhost'), addresses: e.DOMAIN_ADDRESSES ?? [] },
  };
}
