import type { Resolver } from 'node:dns/promises';
import { verificationName, type DomainCheck } from '../../model/domain.ts';
import { parseIpRange } from '../../model/ip-range.ts';

/** Where a custom domain must point: a CNAME to `cname`, or A/AAAA records among `addresses`. */
export type DomainTarget = { cname: string | null; addresses: readonly string[] };

/** Answers that mean "no such record yet": not an error, the owner has not created it. */
const ABSENT = new Set(['ENOTFOUND', 'ENODATA', 'NOTFOUND', 'NODATA']);

async function lookup<T>(query: () => Promise<T[]>): Promise<{ values: T[]; error: string | null }> {
  try {
    return { values: await query(), error: null };
  } catch (error) {
    const code = error instanceof Error && 'code' in error ? String(error.code) : 'ERROR';
    return { values: [], error: ABSENT.has(code) ? null : code };
  }
}

const hostName = (name: string) => name.toLowerCase().replace(/\.$/, '');
const address = (text: string) => parseIpRange(text)?.address ?? text;

/**
 * Checks one domain's records through the given resolver: the TXT record `_swipegrid.{domain}`
 * holds the site's token, and the name points to the site host (a CNAME to the target, or
 * addresses all among the target's). Missing records are "pending"; records that answer
 * otherwise than expected are "wrong", with what was found beside what was expected.
 */
export async function checkDomain(resolver: Resolver, domain: string, token: string, target: DomainTarget, now: Date): Promise<DomainCheck> {
  const name = verificationName(domain);
  const [txt, cname, v4, v6] = await Promise.all([
    lookup(() => resolver.resolveTxt(name)),
    lookup(() => resolver.resolveCname(domain)),
    lookup(() => resolver.resolve4(domain)),
    lookup(() => resolver.resolve6(domain)),
  ]);
  const foundTxt = txt.values.map((chunks) => chunks.join(''));
  const foundCname = cname.values.map(hostName);
  const foundAddresses = [...v4.values, ...v6.values].map(address);
  const expectedAddresses = target.addresses.map(address);
  const expectedCname = target.cname ? hostName(target.cname) : null;
  const txtOk = foundTxt.includes(token);
  const byCname = expectedCname !== null && foundCname.includes(expectedCname);
  const byAddress = expectedAddresses.length > 0 && foundAddresses.length > 0 && foundAddresses.every((found) => expectedAddresses.includes(found));
  const targetOk = byCname || byAddress;
  const wrongTxt = foundTxt.length > 0 && !txtOk;
  const wrongTarget = !targetOk && (foundCname.length > 0 || foundAddresses.length > 0);
  const error = [txt, cname, v4, v6].find((result) => result.error)?.error ?? null;
  return {
    at: now.toISOString(),
    outcome: txtOk && targetOk ? 'connected' : wrongTxt || wrongTarget ? 'wrong' : 'pending',
    txt: { name, expected: token, found: foundTxt, ok: txtOk },
    target: { expectedCname, expectedAddresses, foundCname, foundAddresses, ok: targetOk },
    error,
  };
}
