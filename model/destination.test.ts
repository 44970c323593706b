import { describe, expect, it } from 'vitest';
import { externalDestination, pageDestination } from './destination.ts';

describe('pageDestination', () => {
  it('takes a page order from 1 to 999, trimmed', () => {
    expect(pageDestination('3')).toEqual({ kind: 'page', order: 3 });
    expect(pageDestination(' 999 ')).toEqual({ kind: 'page', order: 999 });
  });

  it('refuses anything else: zero, leading zeros, fractions, codes, four digits', () => {
    for (const text of ['', '0', '03', '2.5', 'B2', '1000', '-1']) expect(pageDestination(text), text).toBeNull();
  });
});

describe('externalDestination', () => {
  it('follows http(s) URLs and paths on the site itself, trimmed', () => {
    expect(externalDestination('https://example.com/a')).toEqual({ kind: 'external', url: 'https://example.com/a' });
    expect(externalDestination(' HTTP://example.com ')).toEqual({ kind: 'external', url: 'HTTP://example.com' });
    expect(externalDestination('/sites/x/B2')).toEqual({ kind: 'external', url: '/sites/x/B2' });
  });

  it('never follows script, data or protocol-relative URLs', () => {
    for (const text of ['javascript:alert(1)', 'data:text/html,x', '//evil.example/', 'example.com', '']) expect(externalDestination(text), text).toBeNull();
  });
});
