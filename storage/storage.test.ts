import { describe, expect, it } from 'vitest';
import { assertValidKey, assertValidPrefix, contentTypeFor, StorageKeyError } from './storage.ts';

describe('assertValidKey', () => {
  it.each(['a', 'media/3f2a/400.webp', 'sites/s1/manifests/12.json', '_astro/x.css', '.well-known/x', 'é/ü.txt'])('accepts %j', (key) => {
    expect(() => assertValidKey(key)).not.toThrow();
  });

  it.each([
    ['', /empty/],
    ['/x', /starts with '\/'/],
    ['../x', /'\.\.' segment/],
    ['a/../b', /'\.\.' segment/],
    ['a/./b', /'\.' segment/],
    ['a//b', /empty segment/],
    ['a/', /empty segment/],
    ['a\\b', /backslash/],
    ['a\0b', /NUL/],
    ['a/.~tmp-1234', /reserved/],
    ['x'.repeat(1025), /1024 bytes/],
  ])('rejects %j with a StorageKeyError that says why', (key, reason) => {
    expect(() => assertValidKey(key)).toThrow(StorageKeyError);
    expect(() => assertValidKey(key)).toThrow(reason);
  });
});

describe('assertValidPrefix', () => {
  it('accepts the empty prefix, a folder prefix and a partial name', () => {
    for (const prefix of ['', 'media/', 'media/ab']) expect(() => assertValidPrefix(prefix)).not.toThrow();
  });

  it('rejects a prefix that escapes or starts with a slash', () => {
    expect(() => assertValidPrefix('../')).toThrow(StorageKeyError);
    expect(() => assertValidPrefix('/media/')).toThrow(StorageKeyError);
  });
});

describe('contentTypeFor', () => {
  it.each([
    ['index.html', 'text/html; charset=utf-8'],
    ['p/1.json', 'application/json'],
    ['_astro/a.js', 'text/javascript; charset=utf-8'],
    ['_astro/a.css', 'text/css; charset=utf-8'],
    ['logo.svg', 'image/svg+xml'],
    ['a.png', 'image/png'],
    ['a.jpg', 'image/jpeg'],
    ['a.JPEG', 'image/jpeg'],
    ['a.webp', 'image/webp'],
    ['a.avif', 'image/avif'],
    ['a.gif', 'image/gif'],
    ['v.mp4', 'video/mp4'],
    ['v.mov', 'video/quicktime'],
    ['v.mpeg', 'video/mpeg'],
    ['hls/index.m3u8', 'application/vnd.apple.mpegurl'],
    ['hls/seg0.ts', 'video/mp2t'],
    ['robots.txt', 'text/plain; charset=utf-8'],
    ['sitemap.xml', 'application/xml'],
    ['favicon.ico', 'image/x-icon'],
    ['f.woff2', 'font/woff2'],
  ])('gives %s the type %s', (key, type) => {
    expect(contentTypeFor(key)).toBe(type);
  });

  it('falls back to application/octet-stream for no or unknown extension', () => {
    expect(contentTypeFor('objects/3f2a')).toBe('application/octet-stream');
    expect(contentTypeFor('a.bin')).toBe('application/octet-stream');
    expect(contentTypeFor('a.png/readme')).toBe('application/octet-stream');
  });
});
