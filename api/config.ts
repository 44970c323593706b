import { resolve } from 'node:path';
import { z } from 'zod';
import { defaultSiteDomain } from '../model/site-origin.ts';
import { parseIpRange } from '../model/ip-range.ts';

const port = z.coerce.number().int().min(0).max(65535);
const origin = z.url({ protocol: /^https?$/ }).transform((value) => value.replace(/\/+$/, ''));

const HOST_NAME = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

const envSchema = z.object({
  PORT: port.default(3000),
  SITE_PORT: port.optional(),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_FILE: z.string().min(1).optional(),
  STORAGE_DRIVER: z.string().min(1).default('fs'),
  STORAGE_DIR: z.string().min(1).optional(),
  EXPORT_STORAGE_DRIVER: z.string().min(1).optional(),
  EXPORT_STORAGE_DIR: z.string().min(1).optional(),
  ADMIN_ORIGIN: origin.optional(),
  SITE_ORIGIN: origin.optional(),
  SITE_DOMAIN: z.string().trim().toLowerCase().regex(HOST_NAME, 'a host name such as swipegrid-sites.net').optional(),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(8).max(50).optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().min(3).default('Swipegrid <no-reply@swipegrid.local>'),
  SEED_DEMO: z.enum(['true', 'false']).default('true'),
  NODE_ENV: z.string().default('development'),
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
  databaseFile: string;
  storage: { driver: string; root: string };
  /** The bucket `npm run export -- --to-storage` writes a site's static tree to: a store of its own, never the main one. */
  exportStorage: { driver: string; root: string };
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
  /** Card billing through Stripe's API (api/billing/stripe-provider.ts): off (null) without a key. */
  stripe: { secretKey: string; webhookSecret: string; apiBase?: string } | null;
};

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
  const dataDir = resolve(e.DATA_DIR);
  // Published sites get a port of their own so an owner's scripts never share the admin's origin.
  const sitePort = e.SITE_PORT ?? (e.PORT === 0 ? 0 : e.PORT + 1);
  return {
    port: e.PORT,
    sitePort,
    host: e.HOST,
    dataDir,
    databaseFile: resolve(e.DATABASE_FILE ?? `${dataDir}/swipegrid.sqlite`),
    storage: { driver: e.STORAGE_DRIVER, root: resolve(e.STORAGE_DIR ?? `${dataDir}/storage`) },
    exportStorage: { driver: e.EXPORT_STORAGE_DRIVER ?? e.STORAGE_DRIVER, root: resolve(e.EXPORT_STORAGE_DIR ?? `${dataDir}/export`) },
    adminOrigin: e.ADMIN_ORIGIN ?? `http://localhost:${e.PORT}`,
    siteOrigin: e.SITE_ORIGIN ?? `http://localhost:${sitePort}`,
    siteDomain: e.SITE_DOMAIN ?? (e.SITE_ORIGIN ? defaultSiteDomain(e.SITE_ORIGIN) : 'localhost'),
    firstOperator: { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD },
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, outboxDir: `${dataDir}/outbox` },
    seedDemo: e.SEED_DEMO === 'true',
    production: e.NODE_ENV === 'production',
    visitorRateLimitScale: e.VISITOR_RATE_LIMIT_SCALE,
    dnsResolver: e.DNS_RESOLVER ?? [],
    stripe: e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, apiBase: e.STRIPE_API_BASE } : null,
    domainTarget: { cname: e.DOMAIN_CNAME_TARGET ?? e.SITE_DOMAIN ?? (e.SITE_ORIGIN ? defaultSiteDomain(e.SITE_ORIGIN) : 'localhost'), addresses: e.DOMAIN_ADDRESSES ?? [] },
  };
}
