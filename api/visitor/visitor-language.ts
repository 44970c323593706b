import type { Context } from 'hono';
import { parseLanguageToken, type Language } from '../../model/language.ts';
import type { SiteSettings } from '../../model/site.ts';

/**
 * The language a visitor call answers in: the one the call names (`lang`), else the first of
 * Accept-Language the site offers (V §7 sends it on every call), else the site's default.
 * A language the site does not offer falls back the same way rather than failing.
 */
export function visitorLanguage(c: Context, settings: Pick<SiteSettings, 'languages' | 'defaultLanguage'>, named?: unknown): Language {
  const offered = (lang: Language | null): lang is Language => lang !== null && settings.languages.includes(lang);
  if (typeof named === 'string') {
    const lang = parseLanguageToken(named);
    if (offered(lang)) return lang;
  }
  const accepted = (c.req.header('accept-language') ?? '')
    .split(',')
    .map((part) => parseLanguageToken(part.split(';')[0]!.trim().split('-')[0]!))
    .find(offered);
  return accepted ?? settings.defaultLanguage;
}

/** The language of a call that has no site (a malformed one): Accept-Language among all four, else English. */
export function requestLanguage(c: Context): Language {
  return visitorLanguage(c, { languages: ['jp', 'en', 'cn', 'kr'], defaultLanguage: 'en' });
}
