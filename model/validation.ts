import { z } from 'zod';
import { ID_PATTERN } from './id.ts';
import { URL_MAX } from './constants.ts';

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;
const FUNCTIONAL = /^(rgba?|hsla?)\(([^()]*)\)$/i;
const NUMBER = /^(?:\d+(?:\.\d+)?|\.\d+)$/;

function inRange(text: string, max: number): boolean {
  return NUMBER.test(text) && Number(text) <= max;
}

function isChannel(part: string): boolean {
  return part.endsWith('%') ? inRange(part.slice(0, -1), 100) : inRange(part, 255);
}

function isAlpha(part: string): boolean {
  return part.endsWith('%') ? inRange(part.slice(0, -1), 100) : inRange(part, 1);
}

function isHue(part: string): boolean {
  return inRange(part.toLowerCase().endsWith('deg') ? part.slice(0, -3) : part, 360);
}

function isPercent(part: string): boolean {
  return part.endsWith('%') && inRange(part.slice(0, -1), 100);
}

/**
 * Whether a string is a colour the spec allows: hex (3 or 6 digits), rgb(), rgba(), hsl() or hsla().
 * @example isColor('rgba(1, 2, 3, .5)') // true; isColor('red') // false
 */
export function isColor(s: string): boolean {
  if (HEX.test(s)) return true;
  const match = FUNCTIONAL.exec(s);
  if (!match || match[1] === undefined || match[2] === undefined) return false;
  const fn = match[1].toLowerCase();
  const parts = match[2].split(',').map((part) => part.trim());
  const withAlpha = fn.endsWith('a');
  if (parts.length !== (withAlpha ? 4 : 3)) return false;
  const [a = '', b = '', c = '', alpha = ''] = parts;
  if (withAlpha && !isAlpha(alpha)) return false;
  return fn.startsWith('rgb') ? isChannel(a) && isChannel(b) && isChannel(c) : isHue(a) && isPercent(b) && isPercent(c);
}

export const colorSchema = z.string().refine(isColor, { message: 'invalidColour' });

/**
 * Whether a string is an absolute http(s) URL or a path on the same host.
 * Protocol-relative ('//host') and backslash forms are refused: browsers read them as another host.
 * @example isUrlOrPath('/sites/abc/en/B2') // true; isUrlOrPath('javascript:alert(1)') // false
 */
export function isUrlOrPath(s: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what a URL must not carry.
  if (s === '' || /[\s\\\u0000-\u001f\u007f]/.test(s)) return false;
  if (s.startsWith('/')) return !s.startsWith('//');
  if (!/^https?:\/\/[^/?#]/i.test(s) || !URL.canParse(s)) return false;
  return new URL(s).hostname !== '';
}

export const urlSchema = z.string().max(URL_MAX, 'urlTooLong').refine(isUrlOrPath, { message: 'urlOrPath' });

/**
 * A field a form may leave empty: '' or a value `schema` accepts, '' by default.
 * @example emptyOr(colorSchema).parse(undefined) // ''
 */
export function emptyOr<T extends z.ZodType<string, string>>(schema: T) {
  return z.union([z.literal(''), schema]).default('');
}

/** A URL a form may leave empty ('' by default). */
export const optionalUrl = emptyOr(urlSchema);

const MEDIA_MAX = 1024;
const STORAGE_KEY = /^[A-Za-z0-9][A-Za-z0-9._~%+=@\-/]*$/;

/**
 * Whether a string can name a media file: an http(s) URL, a same-host path or a storage key
 * such as 'sites/abc/hero.webp' (joined to the media base when shown). No '..' segments.
 */
export function isMediaRef(s: string): boolean {
  if (s.length > MEDIA_MAX) return false;
  if (s.split(/[/?#]/).includes('..')) return false;
  return isUrlOrPath(s) || (STORAGE_KEY.test(s) && !s.includes('//'));
}

export const mediaRefSchema = z.string().refine(isMediaRef, { message: 'invalidMedia' });

/**
 * A required text field: trimmed, not empty, at most `max` characters.
 * @example requiredText(50).parse('  Shop ') // 'Shop'
 */
export function requiredText(max: number) {
  return z.string().trim().min(1, 'requiredFields').max(max, 'textTooLong');
}

/** An optional text field: at most `max` characters, '' by default. */
export function optionalText(max: number) {
  return z.string().max(max, 'textTooLong').default('');
}

/** Ids of sites, pages, buttons and the like: a uuid or a short id, safe inside a path. */
export const idSchema = z.string().regex(ID_PATTERN, { message: 'invalidId' });

/** A date-time in ISO 8601 with a zone, e.g. '2025-04-01T00:00:00+09:00'. */
export const dateTimeSchema = z.iso.datetime({ offset: true, error: 'invalidDate' });

/**
 * Whether an optional start and end are in order: the end strictly after the start when both are set.
 * @example isDateOrder('2025-01-02T00:00:00Z', '2025-01-01T00:00:00Z') // false
 */
export function isDateOrder(start: string | null | undefined, end: string | null | undefined): boolean {
  if (!start || !end) return true;
  return Date.parse(end) > Date.parse(start);
}

const HOSTNAME = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** A host name for a custom domain, lower-cased, e.g. 'shop.example.com'. */
export const domainSchema = z.string().trim().toLowerCase().regex(HOSTNAME, { message: 'invalidDomain' });

type Undefaulted<T> = T extends z.ZodDefault<infer Inner> ? Inner : T extends z.ZodPrefault<infer Inner> ? Inner : T;

/**
 * The shape of a partial update: every field optional and its default dropped, so a field
 * left out of a PUT stays as stored instead of being reset to its default.
 * @example z.object(patchShape({ a: z.string().default('x') })).parse({}) // {}
 */
export function patchShape<S extends Record<string, z.ZodType>>(shape: S): { [K in keyof S]: z.ZodOptional<Undefaulted<S[K]>> } {
  const entries = Object.entries(shape).map(([key, schema]) => {
    const inner = schema instanceof z.ZodDefault || schema instanceof z.ZodPrefault ? schema.unwrap() : schema;
    return [key, z.optional(inner)] as const;
  });
  return Object.fromEntries(entries) as { [K in keyof S]: z.ZodOptional<Undefaulted<S[K]>> };
}
