import { describe, expect, it } from 'vitest';
import type { core } from 'zod';
import { messageIssues } from './messages/issues.ts';
import { issueText } from './messages/text.ts';
import { z } from 'zod';
import {
  colorSchema,
  dateTimeSchema,
  domainSchema,
  emptyOr,
  idSchema,
  isColor,
  isDateOrder,
  isMediaRef,
  isUrlOrPath,
  optionalText,
  optionalUrl,
  patchShape,
  requiredText,
  urlSchema,
} from './validation.ts';

const english = (issues: readonly core.$ZodIssue[]) => issueText(messageIssues(issues)[0]!, 'en');

describe('colours', () => {
  it.each([
    '#fff',
    '#FFF',
    '#A1B2C3',
    '#a1b2c3',
    'rgb(1,2,3)',
    'rgb(255, 255, 255)',
    'RGB(0,0,0)',
    'rgb(10%, 20%, 100%)',
    'rgba(1,2,3,0.5)',
    'rgba(1, 2, 3, 1)',
    'rgba(1,2,3,50%)',
    'hsl(120, 50%, 50%)',
    'hsl(360,0%,100%)',
    'hsl(120deg, 50%, 50%)',
    'hsla(120,50%,50%,.3)',
    'hsla(0, 0%, 0%, 0)',
  ])('accepts %j', (colour) => {
    expect(isColor(colour)).toBe(true);
    expect(colorSchema.parse(colour)).toBe(colour);
  });

  it.each([
    '#ffff',
    '#fffff',
    '#ggg',
    'fff',
    'red',
    '',
    'rgb(1,2)',
    'rgb(1,2,3,0.5)',
    'rgba(1,2,3)',
    'rgb(256,0,0)',
    'rgb(-1,0,0)',
    'rgb(1,2,3',
    'rgb(1;2;3)',
    'rgba(1,2,3,1.5)',
    'rgb(101%,0,0)',
    'hsl(120,50,50)',
    'hsl(400,50%,50%)',
    'hsl(120,150%,50%)',
    'hsla(120,50%,50%)',
    ' #fff',
    '#fff ',
  ])('refuses %j with the message "Invalid colour."', (colour) => {
    expect(isColor(colour)).toBe(false);
    const result = colorSchema.safeParse(colour);
    expect(result.success).toBe(false);
    expect(english(result.error!.issues)).toBe('Invalid colour.');
  });
});

describe('URLs', () => {
  it.each(['https://example.com', 'http://example.com/a?b=c#d', 'HTTPS://Example.com/', '/sites/abc/en/B2', '/'])('accepts %j', (url) => {
    expect(urlSchema.parse(url)).toBe(url);
  });

  it.each([
    '',
    'example.com',
    'www.example.com/path',
    'ftp://example.com',
    'javascript:alert(1)',
    'data:text/html,hi',
    'mailto:a@example.com',
    '//evil.example',
    '/\\evil.example',
    'https://',
    'https:///path',
    'https://exa mple.com',
    'http:example.com',
    ' https://example.com',
  ])('refuses %j', (url) => {
    expect(isUrlOrPath(url)).toBe(false);
    expect(urlSchema.safeParse(url).success).toBe(false);
  });

  it('accepts a URL of exactly 256 characters and refuses one of 257', () => {
    const base = 'https://example.com/';
    const at256 = base + 'a'.repeat(256 - base.length);
    expect(urlSchema.safeParse(at256).success).toBe(true);
    const result = urlSchema.safeParse(`${at256}a`);
    expect(result.success).toBe(false);
    expect(english(result.error!.issues)).toBe('URL must be at most 256 characters.');
  });

  it('lets an optional URL be empty and defaults it to empty', () => {
    expect(optionalUrl.parse(undefined)).toBe('');
    expect(optionalUrl.parse('')).toBe('');
    expect(optionalUrl.parse('https://example.com')).toBe('https://example.com');
    expect(optionalUrl.safeParse('nope').success).toBe(false);
  });
});

describe('media references', () => {
  it.each(['https://cdn.example.com/a.webp', '/media/a.webp', 'sites/abc/hero.webp', 'a.mp4', 'sites/abc/video/index.m3u8'])('accepts %j', (ref) => {
    expect(isMediaRef(ref)).toBe(true);
  });

  it.each(['', '../secret', 'sites/../../etc/passwd', 'javascript:alert(1)', 'data:image/png;base64,AAAA', '//evil/a.png', 'a b.png', 'a\\b.png', `a${'b'.repeat(1024)}`])('refuses %j', (ref) => {
    expect(isMediaRef(ref)).toBe(false);
  });
});

describe('text helpers', () => {
  it('trims required text and refuses it blank or too long', () => {
    const name = requiredText(5);
    expect(name.parse('  ab ')).toBe('ab');
    expect(name.safeParse('').success).toBe(false);
    expect(name.safeParse('   ').success).toBe(false);
    expect(name.safeParse(undefined).success).toBe(false);
    expect(english(name.safeParse('abcdef').error!.issues)).toBe('Must be at most 5 characters.');
  });

  it('defaults optional text to empty and caps its length', () => {
    expect(optionalText(3).parse(undefined)).toBe('');
    expect(optionalText(3).safeParse('abcd').success).toBe(false);
  });

  it('lets emptyOr accept an empty string or what the inner schema accepts', () => {
    const colour = emptyOr(colorSchema);
    expect(colour.parse(undefined)).toBe('');
    expect(colour.parse('#fff')).toBe('#fff');
    expect(colour.safeParse('red').success).toBe(false);
  });
});

describe('ids, dates and domains', () => {
  it('accepts uuids and short ids and refuses ids unsafe in a path', () => {
    expect(idSchema.safeParse('0f8fad5b-d9cb-469f-a165-70867728950e').success).toBe(true);
    expect(idSchema.safeParse('b1').success).toBe(true);
    for (const bad of ['', 'a/b', 'a b', '..', 'x'.repeat(65)]) expect(idSchema.safeParse(bad).success).toBe(false);
  });

  it('accepts ISO date-times with a zone only', () => {
    expect(dateTimeSchema.safeParse('2025-04-01T00:00:00+09:00').success).toBe(true);
    expect(dateTimeSchema.safeParse('2025-04-01T00:00:00Z').success).toBe(true);
    expect(dateTimeSchema.safeParse('2025-04-01').success).toBe(false);
  });

  it('wants the end after the start when both are set', () => {
    expect(isDateOrder('2025-01-01T00:00:00Z', '2025-01-02T00:00:00Z')).toBe(true);
    expect(isDateOrder('2025-01-02T00:00:00Z', '2025-01-01T00:00:00Z')).toBe(false);
    expect(isDateOrder('2025-01-01T00:00:00Z', '2025-01-01T00:00:00Z')).toBe(false);
    expect(isDateOrder('2025-01-01T00:00:00Z', null)).toBe(true);
    expect(isDateOrder(undefined, '2025-01-01T00:00:00Z')).toBe(true);
  });

  it('lower-cases a custom domain and refuses malformed ones', () => {
    expect(domainSchema.parse(' Shop.Example.COM ')).toBe('shop.example.com');
    for (const bad of ['localhost', 'exa_mple.com', '-a.com', 'a..com', 'https://a.com', 'a.com/x']) {
      expect(domainSchema.safeParse(bad).success).toBe(false);
    }
  });
});

describe('patchShape', () => {
  it('makes every field optional and drops defaults, so an absent field stays absent', () => {
    const shape = {
      name: z.string().min(1),
      flag: z.boolean().default(true),
      nested: z.object({ a: z.string().default('x') }).prefault({}),
    };
    const patch = z.object(patchShape(shape));
    expect(patch.parse({})).toEqual({});
    expect(patch.parse({ flag: false })).toEqual({ flag: false });
    expect(patch.parse({ nested: {} })).toEqual({ nested: { a: 'x' } });
    expect(patch.safeParse({ name: '' }).success).toBe(false);
  });
});
