import { describe, expect, it } from 'vitest';
import { parseIpRange } from './ip-range.ts';

describe('parseIpRange', () => {
  it('reads IPv4 and IPv6 addresses and CIDR ranges', () => {
    expect(parseIpRange('203.0.113.7')).toEqual({ family: 'ipv4', address: '203.0.113.7', prefix: 32 });
    expect(parseIpRange('10.0.0.0/8')).toEqual({ family: 'ipv4', address: '10.0.0.0', prefix: 8 });
    expect(parseIpRange('2001:DB8::1')).toEqual({ family: 'ipv6', address: '2001:db8::1', prefix: 128 });
    expect(parseIpRange('2001:db8::/32')).toEqual({ family: 'ipv6', address: '2001:db8::', prefix: 32 });
    expect(parseIpRange('::ffff:192.0.2.1')?.family).toBe('ipv6');
  });

  it('refuses what is no address or range', () => {
    for (const text of ['', '256.1.1.1', '1.2.3', '10.0.0.0/33', '2001:db8::/129', 'example.com', '1.2.3.4/8/9', '::g', '1.2.3.4/', '[::1]', '01.2.3.4']) {
      expect(parseIpRange(text), text).toBeNull();
    }
  });
});
