/** An address or CIDR range an API key is let in from, in the form a BlockList takes. */
export type IpRange = { family: 'ipv4' | 'ipv6'; address: string; prefix: number };

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

/**
 * Whether a text is an IPv6 address: the WHATWG URL parser (in every browser and in Node) reads
 * a bracketed host only when it is one, so the console and the API check it the same way.
 */
function ipv6(text: string): string | null {
  if (!/^[0-9a-fA-F:.]+$/.test(text) || !text.includes(':')) return null;
  try {
    return new URL(`http://[${text}]/`).hostname.slice(1, -1);
  } catch {
    return null;
  }
}

/**
 * Reads an address (`203.0.113.7`, `2001:db8::1`) or a CIDR range (`10.0.0.0/8`,
 * `2001:db8::/32`); null for anything else. A bare address is a range of one.
 *
 * @example parseIpRange('10.0.0.0/8') // { family: 'ipv4', address: '10.0.0.0', prefix: 8 }
 */
export function parseIpRange(text: string): IpRange | null {
  const [address = '', prefixText, extra] = text.trim().split('/');
  if (extra !== undefined) return null;
  if (prefixText !== undefined && !/^\d{1,3}$/.test(prefixText)) return null;
  if (IPV4.test(address)) {
    const prefix = prefixText === undefined ? 32 : Number(prefixText);
    return prefix <= 32 ? { family: 'ipv4', address, prefix } : null;
  }
  const v6 = ipv6(address);
  if (v6 === null) return null;
  const prefix = prefixText === undefined ? 128 : Number(prefixText);
  return prefix <= 128 ? { family: 'ipv6', address: v6, prefix } : null;
}
