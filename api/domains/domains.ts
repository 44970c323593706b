import { Resolver } from 'node:dns/promises';
import { and, eq, isNotNull, lte, sql } from 'drizzle-orm';
import { DOMAIN_VERIFY_WINDOW_MS, domainCheckDelay, type DnsRecord, type DomainCheck, type DomainView } from '../../model/domain.ts';
import { domainKey, releasePointer } from '../../publisher/domains.ts';
import { readLiveManifest } from '../../publisher/live.ts';
import type { Storage } from '../../storage/storage.ts';
import { jsonRemoveKey } from '../db/dialect-sql.ts';
import type { Db } from '../db/open-database.ts';
import { siteDomains } from '../db/schema-access.ts';
import { sites } from '../db/schema.ts';
import { notFound } from '../http/errors.ts';
import type { ConnectedDomains } from './connected-domains.ts';
import { checkDomain, type DomainTarget } from './dns-check.ts';
import { findSiteDomain, recordsFor, toDomainView, type SiteDomainRow } from './site-domain-row.ts';

export type DomainsDeps = {
  db: Db;
  storage: Storage;
  connected: ConnectedDomains;
  /** Where custom domains must point (DOMAIN_CNAME_TARGET, DOMAIN_ADDRESSES). */
  target: DomainTarget;
  /** DNS_RESOLVER: the servers asked (`host` or `host:port`); the system's when empty. */
  resolverServers?: readonly string[];
  /** Publishes the site again, so its pages and pointers follow its connected domain. */
  republish: (siteId: string) => Promise<unknown>;
  clock?: () => Date;
  log?: (line: string) => void;
};

export type Domains = ReturnType<typeof createDomains>;

/** A claimed check is not taken by another poller (another process) for this long. */
const CLAIM_MS = 60_000;
/** The poller looks at the table at least this often: rows another process added are seen. */
const MAX_SLEEP_MS = 60_000;
/** Checks one poller round runs, one after another. */
const BATCH = 20;
/** "Check now" pressed again within this runs no second query. */
const MANUAL_GAP_MS = 3_000;

/**
 * Custom domains' verification (B §4): a saved domain is checked when its owner starts it, then
 * polled with backoff (10 s doubling to 1 h) for 72 hours: connected when both records are
 * right, misconfigured while something answers wrongly, failed when the time runs out. The next
 * check's time is stored, so polling survives a restart. A connected domain, and a removed one,
 * gets the site republished when its live version was made for another address.
 */
export function createDomains(deps: DomainsDeps) {
  const { db } = deps;
  const resolver = new Resolver({ timeout: 2_000, tries: 2 });
  if (deps.resolverServers?.length) resolver.setServers([...deps.resolverServers]);
  const now = () => deps.clock?.() ?? new Date();
  let timer: NodeJS.Timeout | undefined;
  let running = false;

  async function view(siteId: string): Promise<DomainView | null> {
    const row = await findSiteDomain(db, siteId);
    return row ? toDomainView(row, deps.target) : null;
  }

  /**
   * Republishes a published site whose live version's domain is not its connected one. That
   * domain's pointer goes first, at once: a removed or replaced name must stop serving the site
   * now, not when the republish is done (or never, if it fails).
   */
  async function reconcile(siteId: string): Promise<void> {
    const site = await db.select({ liveVersion: sites.liveVersion }).from(sites).where(eq(sites.id, siteId)).get();
    if (site?.liveVersion == null) return;
    const live = await readLiveManifest(deps.storage, siteId).catch(() => null);
    const row = await findSiteDomain(db, siteId);
    const connected = row?.state === 'connected' ? row.domain : undefined;
    if (!live || live.address.domain === connected) return;
    if (live.address.domain) await releasePointer(deps.storage, domainKey, siteId, live.address.domain);
    await deps.republish(siteId);
  }

  /** After a domain was saved, replaced or removed: the TLS ask's set and the live site follow. */
  async function changed(siteId: string): Promise<void> {
    await deps.connected.refresh();
    await reconcile(siteId);
    await poke();
  }

  /** Records a check's outcome, unless the domain changed while it ran. */
  async function record(row: SiteDomainRow, check: DomainCheck, at: Date): Promise<void> {
    const deadline = (row.verifyStartedAt?.getTime() ?? at.getTime()) + DOMAIN_VERIFY_WINDOW_MS;
    const checks = row.checks + 1;
    const common = { checks, lastCheck: check, lastCheckedAt: at };
    const settled = check.outcome === 'connected' || at.getTime() >= deadline;
    const update =
      check.outcome === 'connected'
        ? { ...common, state: 'connected', connectedAt: at, nextCheckAt: null }
        : settled
          ? { ...common, state: 'failed', nextCheckAt: null }
          : { ...common, state: check.outcome === 'wrong' ? 'misconfigured' : 'verifying', nextCheckAt: new Date(Math.min(at.getTime() + domainCheckDelay(checks - 1), deadline)) };
    const written = await db
      .update(siteDomains)
      .set(update)
      .where(and(eq(siteDomains.siteId, row.siteId), eq(siteDomains.domain, row.domain), sql`${siteDomains.state} IN ('verifying', 'misconfigured')`))
      .returning()
      .get();
    if (written && settled) {
      deps.log?.(`Custom domain ${row.domain}: ${written.state}.`);
      await changed(row.siteId);
    }
  }

  async function runCheck(row: SiteDomainRow): Promise<void> {
    const at = now();
    const check = await checkDomain(resolver, row.domain, row.token, deps.target, at);
    await record(row, check, at);
  }

  /** Runs the checks whose time has come (claimed first, so two pollers never run one twice); answers how many. */
  async function runDue(): Promise<number> {
    const at = now();
    const due = await db
      .select()
      .from(siteDomains)
      .where(and(isNotNull(siteDomains.nextCheckAt), lte(siteDomains.nextCheckAt, at)))
      .limit(BATCH)
      .all();
    let ran = 0;
    for (const row of due) {
      const claimed = await db
        .update(siteDomains)
        .set({ nextCheckAt: new Date(at.getTime() + CLAIM_MS) })
        .where(and(eq(siteDomains.siteId, row.siteId), eq(siteDomains.nextCheckAt, row.nextCheckAt!)))
        .returning()
        .get();
      if (!claimed) continue;
      await runCheck(row);
      ran++;
    }
    return ran;
  }

  async function schedule(): Promise<void> {
    if (!running) return;
    clearTimeout(timer);
    const next = (
      await db
        .select({ at: sql<number | null>`min(${siteDomains.nextCheckAt})` })
        .from(siteDomains)
        .get()
    )?.at;
    const wait = next == null ? MAX_SLEEP_MS : Math.max(0, Math.min(next - now().getTime(), MAX_SLEEP_MS));
    timer = setTimeout(() => {
      runDue()
        .catch((error: unknown) => deps.log?.(`Domain checks failed: ${error instanceof Error ? error.message : String(error)}`))
        .finally(schedule);
    }, wait);
    timer.unref();
  }

  async function poke(): Promise<void> {
    if (running) await schedule();
  }

  return {
    view,
    changed,
    runDue,
    /** The records that prove a name other than a site's (an OEM's admin host): the same TXT record and target as a custom domain's. */
    recordsFor: (domain: string, token: string): DnsRecord[] => recordsFor(domain, token, deps.target),
    /** One look at such a name's records, through the same resolver as the domains' checks. */
    lookUp: (domain: string, token: string): Promise<DomainCheck> => checkDomain(resolver, domain, token, deps.target, now()),
    /**
     * "Check now": a saved or failed domain starts a new 72-hour verification; a verifying or
     * misconfigured one is checked at once (its deadline kept); a connected one is left as it is.
     */
    async checkNow(siteId: string): Promise<DomainView> {
      let row = await findSiteDomain(db, siteId);
      if (!row) throw notFound('domainNotSet');
      const at = now();
      if (row.state === 'saved' || row.state === 'failed') {
        row =
          (await db
            .update(siteDomains)
            .set({ state: 'verifying', verifyStartedAt: at, checks: 0, nextCheckAt: new Date(at.getTime() + domainCheckDelay(0)), connectedAt: null })
            .where(eq(siteDomains.siteId, siteId))
            .returning()
            .get()) ?? row;
      }
      const recent = row.lastCheckedAt && at.getTime() - row.lastCheckedAt.getTime() < MANUAL_GAP_MS;
      if ((row.state === 'verifying' || row.state === 'misconfigured') && !recent) await runCheck(row);
      await poke();
      return (await view(siteId))!;
    },
    /** Removes the domain and the site's `customDomain`: the site goes back to its shared address. */
    async remove(siteId: string): Promise<void> {
      const removed = await db.transaction(async (tx) => {
        const gone = await tx.delete(siteDomains).where(eq(siteDomains.siteId, siteId)).returning().get();
        await tx
          .update(sites)
          .set({ settings: jsonRemoveKey(sites.settings, 'customDomain') })
          .where(eq(sites.id, siteId))
          .run();
        return gone;
      });
      if (!removed) throw notFound('domainNotSet');
      await changed(siteId);
    },
    /** Starts polling (the server; tests call runDue themselves). */
    async start(): Promise<void> {
      running = true;
      await schedule();
    },
    stop(): void {
      running = false;
      clearTimeout(timer);
    },
  };
}
