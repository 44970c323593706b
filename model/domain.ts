import { z } from 'zod';

/**
 * Where a custom domain stands (B §4: set, saved, verifying up to 72 hours, connected). "Set"
 * is the console's alone (typed, not stored); misconfigured (records found but wrong, still
 * checked) and failed (72 hours passed unconnected, checks stopped) complete the set.
 */
export const domainStateSchema = z.enum(['saved', 'verifying', 'misconfigured', 'connected', 'failed']);

/** B §9: a domain is checked for up to 72 hours. */
export const DOMAIN_VERIFY_WINDOW_MS = 72 * 60 * 60 * 1000;
/** The first check after saving waits this long, then each waits twice the last, up to an hour. */
export const DOMAIN_FIRST_DELAY_MS = 10_000;
export const DOMAIN_MAX_DELAY_MS = 60 * 60 * 1000;

/**
 * The wait before check number `checks + 1`: 10 s, 20 s, 40 s … capped at an hour.
 * @example domainCheckDelay(0) // 10000
 */
export function domainCheckDelay(checks: number): number {
  return Math.min(DOMAIN_FIRST_DELAY_MS * 2 ** Math.min(checks, 20), DOMAIN_MAX_DELAY_MS);
}

/** The TXT record's name: `_swipegrid.{domain}`. */
export const verificationName = (domain: string) => `_swipegrid.${domain}`;

/** One DNS record the owner must create. */
export const dnsRecordSchema = z.object({ type: z.enum(['TXT', 'CNAME', 'A', 'AAAA']), name: z.string(), value: z.string() });
export type DnsRecord = z.infer<typeof dnsRecordSchema>;

/** What one check found, against what was expected. */
export const domainCheckSchema = z.object({
  at: z.string(),
  /** connected: both right; pending: records still missing; wrong: something answers, not as expected. */
  outcome: z.enum(['connected', 'pending', 'wrong']),
  txt: z.object({ name: z.string(), expected: z.string(), found: z.array(z.string()), ok: z.boolean() }),
  target: z.object({
    expectedCname: z.string().nullable(),
    expectedAddresses: z.array(z.string()),
    foundCname: z.array(z.string()),
    foundAddresses: z.array(z.string()),
    ok: z.boolean(),
  }),
  /** A resolver failure (timeout, SERVFAIL): the check counts as pending. */
  error: z.string().nullable(),
});
export type DomainCheck = z.infer<typeof domainCheckSchema>;

/** A site's custom domain as the stepper shows it. */
export const domainViewSchema = z.object({
  domain: z.string(),
  state: domainStateSchema,
  records: z.array(dnsRecordSchema),
  verifyStartedAt: z.string().nullable(),
  /** When checking gives up: 72 hours after it began. */
  deadline: z.string().nullable(),
  nextCheckAt: z.string().nullable(),
  lastCheck: domainCheckSchema.nullable(),
  connectedAt: z.string().nullable(),
});
export type DomainView = z.infer<typeof domainViewSchema>;
