import type { IncomingMessage, ServerResponse } from 'node:http';
import { BlockList, isIP } from 'node:net';
import type { Context } from 'hono';
import type { IpRange } from '../../model/ip-range.ts';

type Listener = (request: IncomingMessage, response: ServerResponse) => void;

/** What a request's address is read from: Node's request, or a test's stand-in for it. */
type Incoming = { socket: { remoteAddress?: string } };

/** The client behind a trusted proxy, per request, set as the server receives it (`behindTrustedProxies`). */
const forwardedClients = new WeakMap<object, string>();

/** `::ffff:192.0.2.1`, how a dual-stack socket shows an IPv4 peer, as the IPv4 address it is. */
function plainAddress(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped ? mapped[1]! : address;
}

/** Whether an address is one of the trusted proxies (false for anything that is no address). */
export type TrustedProxies = (address: string) => boolean;

/** Addresses whose answer is remembered at most; past it the memory starts again. */
const REMEMBERED_MAX = 4096;

/**
 * The check of TRUSTED_PROXIES' ranges. Answers are remembered: the peer is the same proxy on
 * almost every request, and BlockList's check costs about a microsecond (docs/decisions.md).
 */
export function trustedProxyList(ranges: readonly IpRange[]): TrustedProxies {
  const list = new BlockList();
  for (const range of ranges) list.addSubnet(range.address, range.prefix, range.family);
  const known = new Map<string, boolean>();
  return (address) => {
    let trusted = known.get(address);
    if (trusted === undefined) {
      const family = isIP(address);
      trusted = family !== 0 && list.check(address, family === 4 ? 'ipv4' : 'ipv6');
      if (known.size >= REMEMBERED_MAX) known.clear();
      known.set(address, trusted);
    }
    return trusted;
  };
}

/**
 * The client a trusted proxy forwarded: X-Forwarded-For read from the right, each proxy appending
 * the address it was reached from, and the first address that is no trusted proxy taken. What lies
 * left of it was written by the client or by proxies we do not know, so it is never believed. An
 * entry that is no address stops the walk at the last proxy known; a chain of proxies only, at its
 * left-most.
 *
 * @example forwardedClient(trustedProxyList([loopback]), '127.0.0.1', '6.6.6.6, 203.0.113.7') // '203.0.113.7'
 */
export function forwardedClient(trusts: TrustedProxies, peer: string, forwardedFor: string | null): string {
  let client = plainAddress(peer);
  if (forwardedFor === null || !trusts(client)) return client;
  const hops = forwardedFor.split(',');
  for (let at = hops.length - 1; at >= 0; at--) {
    const hop = plainAddress(hops[at]!.trim());
    if (isIP(hop) === 0) return client;
    client = hop;
    if (!trusts(hop)) return hop;
  }
  return client;
}

/** X-Forwarded-For from the raw headers, repeats joined as Node joins them: the events path never builds `headers`. */
function forwardedForOf(raw: readonly string[]): string | null {
  let value: string | null = null;
  for (let at = 0; at < raw.length; at += 2) {
    const name = raw[at]!;
    if (name.length === 15 && name.toLowerCase() === 'x-forwarded-for') value = value === null ? raw[at + 1]! : `${value}, ${raw[at + 1]!}`;
  }
  return value;
}

/**
 * The server's listener, reading the client of each request a trusted proxy sends (TRUSTED_PROXIES)
 * before anything else does, so the events path in front of Hono and every route read the same
 * address through `clientAddress`. Without trusted proxies the listener is left as it is.
 */
export function behindTrustedProxies(ranges: readonly IpRange[], listener: Listener): Listener {
  if (ranges.length === 0) return listener;
  const trusts = trustedProxyList(ranges);
  return (request, response) => {
    const peer = request.socket.remoteAddress;
    if (peer !== undefined && trusts(plainAddress(peer))) forwardedClients.set(request, forwardedClient(trusts, peer, forwardedForOf(request.rawHeaders)));
    listener(request, response);
  };
}

/**
 * The address a request is counted by (login and reset limits, visitor rate limits, API keys'
 * allowed addresses, cookieless visitor ids): the peer of the connection or, when that peer is a
 * trusted proxy, the client it forwarded. Any client can write X-Forwarded-For, so it is read from
 * trusted proxies only (docs/decisions.md, "The client address behind a proxy").
 */
export function clientAddress(request: Incoming): string {
  return forwardedClients.get(request) ?? request.socket.remoteAddress ?? 'local';
}

function isIncoming(value: unknown): value is Incoming {
  if (typeof value !== 'object' || value === null) return false;
  const socket: unknown = Reflect.get(value, 'socket');
  return typeof socket === 'object' && socket !== null;
}

/**
 * `clientAddress` of a Hono request. Requests made in-process (`app.request` without a socket)
 * count as one client, 'local'.
 */
export function clientIp(c: Context): string {
  const incoming: unknown = c.env ? Reflect.get(c.env, 'incoming') : undefined;
  return isIncoming(incoming) ? clientAddress(incoming) : 'local';
}
