import { describe, expect, it } from 'vitest';
import { customDomainOrigin, requestHostName } from './site-origin.ts';

describe('customDomainOrigin', () => {
  it('keeps the shared origin scheme and port, so one server answers the domain too', () => {
    expect(customDomainOrigin('http://localhost:3001', 'Shop.Example.com')).toBe('http://shop.example.com:3001');
  });

  it('drops the default port of an https shared origin', () => {
    expect(customDomainOrigin('https://sites.swipegrid.example', 'shop.example.com')).toBe('https://shop.example.com');
  });
});

describe('requestHostName', () => {
  it('lower-cases and drops the port and a trailing dot', () => {
    expect(requestHostName('Shop.Example.com:3001')).toBe('shop.example.com');
    expect(requestHostName('shop.example.com.')).toBe('shop.example.com');
    expect(requestHostName('[::1]:3001')).toBe('[::1]');
    expect(requestHostName(undefined)).toBe('');
  });
});
