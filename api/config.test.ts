import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('TRUSTED_PROXIES', () => {
  it('reads addresses and CIDR ranges, comma-separated; none by default', () => {
    expect(loadConfig({ TRUSTED_PROXIES: '127.0.0.1, ::1,10.0.0.0/8' }).trustedProxies).toEqual([
      { family: 'ipv4', address: '127.0.0.1', prefix: 32 },
      { family: 'ipv6', address: '::1', prefix: 128 },
      { family: 'ipv4', address: '10.0.0.0', prefix: 8 },
    ]);
    expect(loadConfig({}).trustedProxies).toEqual([]);
  });

  it('stops the start with the variable named when an entry is no address or range', () => {
    for (const value of ['localhost', '127.0.0.1,caddy', '10.0.0.0/33', '*'])
      expect(() => loadConfig({ TRUSTED_PROXIES: value })).toThrow(/^Invalid setting TRUSTED_PROXIES\.\d+: addresses or CIDR ranges of the proxies in front/);
  });
});
