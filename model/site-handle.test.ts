import { describe, expect, it } from 'vitest';
import { handleCandidates, hostHandle, isSiteHandle, siteHandleSchema } from './site-handle.ts';
import { defaultSiteDomain, handleOrigin, previewOrigin } from './site-origin.ts';

describe('site handles', () => {
  it.each(['a', 'shop', 'spring-sale-2026', '3f2a9c1b', 'a'.repeat(63)])('accepts the DNS label %j', (handle) => {
    expect(isSiteHandle(handle)).toBe(true);
  });

  it.each(['', '-a', 'a-', 'A', 'a_b', 'a.b', 'a b', 'é', 'a'.repeat(64), 'www', 'admin', 'api', 'preview', 'sites'])('refuses %j', (handle) => {
    expect(isSiteHandle(handle)).toBe(false);
  });

  it('lower-cases and trims what the owner types', () => {
    expect(siteHandleSchema.parse('  Spring-Shop ')).toBe('spring-shop');
  });

  it('derives short, valid names from an id: a UUID gives its first 8 hex digits first', () => {
    expect(handleCandidates('3F2A9C1B-0000-4000-8000-000000000000')).toEqual([
      '3f2a9c1b',
      '3f2a9c1b0000',
      '3f2a9c1b00004000',
      '3f2a9c1b000040008000000000000000',
      '3f2a9c1b-0000-4000-8000-000000000000',
      'site-3f2a9c1b-0000-4000-8000-000000000000',
    ]);
    expect(handleCandidates('Site_A')[0]).toBe('site-a');
    expect(handleCandidates('www')).toEqual(['site-www']);
    for (const candidate of handleCandidates(`_${'x'.repeat(63)}_`)) expect(isSiteHandle(candidate), candidate).toBe(true);
  });
});

describe('site origins', () => {
  it('puts a handle under SITE_DOMAIN with the shared host scheme and port', () => {
    expect(handleOrigin('http://localhost:3001', 'localhost', 'shop')).toBe('http://shop.localhost:3001');
    expect(handleOrigin('https://swipegrid-sites.net', 'swipegrid-sites.net', 'shop')).toBe('https://shop.swipegrid-sites.net');
    expect(previewOrigin('http://localhost:3001', 'localhost')).toBe('http://preview.localhost:3001');
  });

  it('defaults SITE_DOMAIN to the shared host name, or localhost for an address', () => {
    expect(defaultSiteDomain('https://swipegrid-sites.net')).toBe('swipegrid-sites.net');
    expect(defaultSiteDomain('http://127.0.0.1:3001')).toBe('localhost');
  });

  it('reads the handle a host names under SITE_DOMAIN', () => {
    expect(hostHandle('shop.localhost', 'localhost')).toBe('shop');
    expect(hostHandle('localhost', 'localhost')).toBeNull();
    expect(hostHandle('a.b.localhost', 'localhost')).toBeNull();
    expect(hostHandle('shop.example.com', 'localhost')).toBeNull();
  });
});
