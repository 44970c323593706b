import { BlockList, isIP } from 'node:net';
import { parseIpRange } from '../../model/ip-range.ts';

/** `::ffff:192.0.2.1`, how a dual-stack socket shows an IPv4 peer, as the IPv4 address it is. */
function plainAddress(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped ? mapped[1]! : address;
}

/**
 * Whether a client address lies in a key's list of addresses and CIDR ranges (IPv4 and IPv6).
 * An address that is no IP (an in-process request's `local`) is in no list.
 */
export function clientAllowed(allowed: readonly string[], clientAddress: string): boolean {
  const address = plainAddress(clientAddress);
  const family = isIP(address);
  if (family === 0) return false;
  const list = new BlockList();
  for (const entry of allowed) {
    const range = parseIpRange(entry);
    if (range) list.addSubnet(range.address, range.prefix, range.family);
  }
  return list.check(address, family === 4 ? 'ipv4' : 'ipv6');
}
