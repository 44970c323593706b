import { describe, expect, it } from 'vitest';
import { entrySource } from './entry-source.ts';

describe('entrySource (the entry source filter)', () => {
  it('reads UTM parameters first, then the referring host', () => {
    expect(entrySource({})).toBe('direct');
    expect(entrySource({ referrerHost: 'www.google.co.jp' })).toBe('search');
    expect(entrySource({ referrerHost: 'search.yahoo.co.jp' })).toBe('search');
    expect(entrySource({ referrerHost: 'l.instagram.com' })).toBe('social');
    expect(entrySource({ referrerHost: 't.co' })).toBe('social');
    expect(entrySource({ referrerHost: 'blog.example.com' })).toBe('referral');
    expect(entrySource({ referrerHost: 't.co', utmSource: 'spring' })).toBe('campaign');
  });
});
