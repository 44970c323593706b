import { describe, expect, it } from 'vitest';
import { parseIpRange } from '../../model/ip-range.ts';
import { clientAddress, forwardedClient, trustedProxyList } from './client-ip.ts';

const proxies = trustedProxyList(['127.0.0.1', '::1', '10.0.0.0/8'].map((entry) => parseIpRange(entry)!));

describe('forwardedClient: the address of a request a proxy sent', () => {
  it('takes the address the trusted proxy appended', () => {
    expect(forwardedClient(proxies, '127.0.0.1', '203.0.113.7')).toBe('203.0.113.7');
  });

  it('ignores what the client wrote to the left of it', () => {
    expect(forwardedClient(proxies, '127.0.0.1', '198.51.100.1, 6.6.6.6, 203.0.113.7')).toBe('203.0.113.7');
  });

  it('walks past a chain of trusted proxies to the right-most address that is none', () => {
    expect(forwardedClient(proxies, '127.0.0.1', '198.51.100.1, 203.0.113.7, 10.1.2.3, 10.9.9.9')).toBe('203.0.113.7');
  });

  it('ignores the header of a peer that is no trusted proxy', () => {
    expect(forwardedClient(proxies, '203.0.113.9', '10.1.2.3')).toBe('203.0.113.9');
    expect(forwardedClient(proxies, '127.0.1.2', '127.0.0.1')).toBe('127.0.1.2');
  });

  it('takes the peer when a trusted proxy forwarded nothing', () => {
    expect(forwardedClient(proxies, '127.0.0.1', null)).toBe('127.0.0.1');
  });

  it('stops at the last proxy known when an entry is no address, so garbage is never a client address', () => {
    expect(forwardedClient(proxies, '127.0.0.1', 'evil, 10.0.0.5')).toBe('10.0.0.5');
    expect(forwardedClient(proxies, '127.0.0.1', 'unknown')).toBe('127.0.0.1');
    expect(forwardedClient(proxies, '127.0.0.1', '')).toBe('127.0.0.1');
  });

  it('takes the left-most when every hop is a trusted proxy', () => {
    expect(forwardedClient(proxies, '127.0.0.1', '10.0.0.1, 10.0.0.2')).toBe('10.0.0.1');
  });

  it('reads IPv6 and IPv4-mapped addresses, as a dual-stack socket shows them', () => {
    expect(forwardedClient(proxies, '::ffff:127.0.0.1', '2001:db8::7')).toBe('2001:db8::7');
    expect(forwardedClient(proxies, '::1', '::ffff:203.0.113.7')).toBe('203.0.113.7');
  });
});

describe('clientAddress', () => {
  it("is the connection's peer when no trusted proxy forwarded the request", () => {
    expect(clientAddress({ socket: { remoteAddress: '203.0.113.7' } })).toBe('203.0.113.7');
    expect(clientAddress({ socket: {} })).toBe('local');
  });
});
