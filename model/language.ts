import { z } from 'zod';

/** Languages a site can be shown in, as stored ids (spec §1: Japanese, English, Chinese, Korean). */
export const LANGUAGES = ['jp', 'en', 'cn', 'kr'] as const;

export type Language = (typeof LANGUAGES)[number];

// Pure: the viewer bundles this module and must not pull zod in with it.
export const languageSchema = /* @__PURE__ */ z.enum(LANGUAGES);

/** Visitor spec §9: default language Japanese. */
export const DEFAULT_LANGUAGE = 'jp' as const satisfies Language;

/** Visitor spec §9: fallback language English. */
export const FALLBACK_LANGUAGE = 'en' as const satisfies Language;

// ISO codes are accepted beside the product's own ids because links written by
// hand (and the old app's JA token) use them.
const TOKENS: ReadonlyMap<string, Language> = new Map([
  ['jp', 'jp'],
  ['ja', 'jp'],
  ['en', 'en'],
  ['cn', 'cn'],
  ['zh', 'cn'],
  ['kr', 'kr'],
  ['ko', 'kr'],
]);

const HTML_LANG: Readonly<Record<Language, string>> = {
  jp: 'ja',
  en: 'en',
  cn: 'zh',
  kr: 'ko',
};

/**
 * Reads a language token from a path segment, case-insensitively, or returns null.
 * @example parseLanguageToken('JA') // 'jp'
 */
export function parseLanguageToken(token: string): Language | null {
  return TOKENS.get(token.toLowerCase()) ?? null;
}

/**
 * The BCP 47 code for the `lang` attribute of a page.
 * @example htmlLang('jp') // 'ja'
 */
export function htmlLang(lang: Language): string {
  return HTML_LANG[lang];
}

/** The path segment that selects a language: its lower-case id, e.g. 'en'. */
export function pathToken(lang: Language): string {
  return lang;
}
