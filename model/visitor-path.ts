import { z } from 'zod';
import { CUSTOM_PATH_MAX_LENGTH } from './constants.ts';
import { parseLanguageToken, pathToken } from './language.ts';
import type { Language } from './language.ts';
import { DEFAULT_POSITION, formatPosition, isPositionCode, parsePosition } from './position.ts';

/** Visitor spec §2: screens reached below a language, e.g. '/en/contact'. */
export const VISITOR_SUB_PATHS = ['register', 'register-success', 'login', 'reset-password', 'new-password', 'contact', 'forms', 'contact-success', 'form-success', 'survey'] as const;

export type VisitorSubPath = (typeof VISITOR_SUB_PATHS)[number];

/**
 * How a site's paths are made. Every site is served at the root of an origin of its own
 * (`{handle}.{SITE_DOMAIN}` or its custom domain), after its path prefix; the spec's
 * `/sites/{siteId}/…` form is only an entry on the shared host that redirects there.
 */
export type SiteAddressing = {
  defaultLanguage: Language;
  customPathPrefix?: string;
};

/** What a visitor path points at. A sub-path names a screen; a custom path stands in for a position. */
export type VisitorTarget = {
  lang: Language;
  position?: string;
  subPath?: VisitorSubPath;
  customPath?: string;
};

export type ParsedVisitorPath = {
  lang: Language;
  position: string;
  subPath?: VisitorSubPath;
  customPath?: string;
};

export type VisitorPathOptions = {
  customPathPrefix?: string;
  defaultLanguage: Language;
};

const SLUG = /^[a-z0-9][a-z0-9-]*$/;
const PREFIX_SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._~-]*$/;
// 'sites' starts the shared host's entry address; 'site' is the preview route's first segment (/site/{siteId}/preview).
const RESERVED_SLUGS: ReadonlySet<string> = new Set(['sites', 'site', ...VISITOR_SUB_PATHS]);

function isSubPath(segment: string): segment is VisitorSubPath {
  return (VISITOR_SUB_PATHS as readonly string[]).includes(segment);
}

/**
 * Whether a custom page path is usable: a slug of [a-z0-9-] that no language token,
 * position code or sub-path could be mistaken for.
 * @example isCustomPathSlug('spring-sale') // true; isCustomPathSlug('b2') // false (a position)
 */
export function isCustomPathSlug(s: string): boolean {
  return s.length <= CUSTOM_PATH_MAX_LENGTH && SLUG.test(s) && !RESERVED_SLUGS.has(s) && parseLanguageToken(s) === null && !isPositionCode(s);
}

export const customPathSchema = /* @__PURE__ */ z.string().refine(isCustomPathSlug, {
  message: 'customPathRule',
  params: { max: CUSTOM_PATH_MAX_LENGTH },
});

const MAX_REMEMBERED_PREFIXES = 256;
const prefixes = new Map<string, string>();

/**
 * Normalises a custom path prefix to '' or '/segment[/segment…]'; throws when a segment is not URL-safe.
 * @example normalisePathPrefix('/lp/') // '/lp'
 */
export function normalisePathPrefix(prefix: string | undefined): string {
  const known = prefixes.get(prefix ?? '');
  if (known !== undefined) return known;
  // A page's head names every language's address, each through this: a site has one prefix.
  if (prefixes.size >= MAX_REMEMBERED_PREFIXES) prefixes.clear();
  const normalised = normalise(prefix);
  prefixes.set(prefix ?? '', normalised);
  return normalised;
}

function normalise(prefix: string | undefined): string {
  const segments = (prefix ?? '').split('/').filter((segment) => segment !== '');
  for (const segment of segments) {
    if (!PREFIX_SEGMENT.test(segment) || segment === '..' || segment === '.') {
      throw new RangeError(`Invalid custom path prefix: ${JSON.stringify(prefix)}.`);
    }
  }
  return segments.length === 0 ? '' : `/${segments.join('/')}`;
}

function normalisePosition(position: string): string {
  const parsed = parsePosition(position);
  if (!parsed) throw new RangeError(`Invalid position code: ${JSON.stringify(position)}.`);
  return formatPosition(parsed.columnIndex, parsed.row);
}

/**
 * The visitor path of a page or screen (spec §2). The default language and position A1 add no
 * segment. A sub-path wins over a custom path, which wins over the position.
 * @example buildVisitorPath({ defaultLanguage: 'jp' }, { lang: 'en', position: 'B2' }) // '/en/B2'
 */
export function buildVisitorPath(addr: SiteAddressing, target: VisitorTarget): string {
  const base = [normalisePathPrefix(addr.customPathPrefix)];
  const segments: string[] = [];
  if (target.lang !== addr.defaultLanguage) segments.push(pathToken(target.lang));

  let leaf: string | undefined;
  if (target.subPath !== undefined) {
    if (!isSubPath(target.subPath)) throw new RangeError(`Invalid sub-path: ${JSON.stringify(target.subPath)}.`);
    leaf = target.subPath;
  } else if (target.customPath !== undefined) {
    if (!isCustomPathSlug(target.customPath)) {
      throw new RangeError(`Invalid custom path: ${JSON.stringify(target.customPath)}.`);
    }
    leaf = target.customPath;
  } else if (target.position !== undefined) {
    const position = normalisePosition(target.position);
    if (position !== DEFAULT_POSITION) leaf = position;
  }

  const folder = base.join('') + segments.map((segment) => `/${segment}`).join('');
  return leaf === undefined ? `${folder}/` : `${folder}/${leaf}`;
}

function splitPathname(pathname: string): string[] | null {
  const path = pathname.replace(/[?#].*$/s, '');
  if (!path.startsWith('/')) return null;
  const segments = path.slice(1).split('/');
  if (segments.at(-1) === 'index.html') segments.pop();
  else if (segments.at(-1) === '') segments.pop();
  if (segments.includes('')) return null;
  const decoded: string[] = [];
  for (const segment of segments) {
    try {
      decoded.push(decodeURIComponent(segment));
    } catch {
      return null;
    }
  }
  return decoded;
}

/**
 * Reads a visitor path back into its target (spec §2), or null when it is not one.
 * Language tokens and position codes are case-insensitive; positions come back upper-case.
 * @example parseVisitorPath('/KR/c1', { defaultLanguage: 'jp' }) // { lang: 'kr', position: 'C1' }
 */
export function parseVisitorPath(pathname: string, opts: VisitorPathOptions): ParsedVisitorPath | null {
  const segments = splitPathname(pathname);
  if (!segments) return null;

  let prefix: string;
  try {
    prefix = normalisePathPrefix(opts.customPathPrefix);
  } catch {
    return null;
  }
  const prefixSegments = prefix === '' ? [] : prefix.slice(1).split('/');
  for (const expected of prefixSegments) {
    if (segments.shift() !== expected) return null;
  }

  const result: ParsedVisitorPath = { lang: opts.defaultLanguage, position: DEFAULT_POSITION };

  const first = segments[0];
  const lang = first === undefined ? null : parseLanguageToken(first);
  if (lang !== null) {
    result.lang = lang;
    segments.shift();
  }

  const leaf = segments.shift();
  if (segments.length > 0) return null;
  if (leaf === undefined) return result;
  if (isSubPath(leaf)) return { ...result, subPath: leaf };
  if (isPositionCode(leaf)) return { ...result, position: normalisePosition(leaf) };
  if (isCustomPathSlug(leaf)) return { ...result, customPath: leaf };
  return null;
}

/**
 * Where a page's HTML sits in a site's published tree, relative to the site root.
 * @example publicFileName('en', 'jp', 'B2') // 'en/B2/index.html'
 */
export function publicFileName(lang: Language, defaultLanguage: Language, position: string): string {
  const code = normalisePosition(position);
  const folders: string[] = [];
  if (lang !== defaultLanguage) folders.push(pathToken(lang));
  if (code !== DEFAULT_POSITION) folders.push(code);
  return [...folders, 'index.html'].join('/');
}

/**
 * Where a page's copy under its custom path sits in the published tree.
 * @example customPathFileName('en', 'jp', 'spring-sale') // 'en/spring-sale/index.html'
 */
export function customPathFileName(lang: Language, defaultLanguage: Language, customPath: string): string {
  if (!isCustomPathSlug(customPath)) throw new RangeError(`Invalid custom path: ${JSON.stringify(customPath)}.`);
  const folders = lang !== defaultLanguage ? [pathToken(lang)] : [];
  return [...folders, customPath, 'index.html'].join('/');
}

/**
 * Where a visitor screen's HTML sits in the published tree (spec §2 sub-paths).
 * @example subPathFileName('en', 'jp', 'contact') // 'en/contact/index.html'
 */
export function subPathFileName(lang: Language, defaultLanguage: Language, subPath: VisitorSubPath): string {
  if (!isSubPath(subPath)) throw new RangeError(`Invalid sub-path: ${JSON.stringify(subPath)}.`);
  const folders = lang !== defaultLanguage ? [pathToken(lang)] : [];
  return [...folders, subPath, 'index.html'].join('/');
}
