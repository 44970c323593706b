import { describe, expect, it } from 'vitest';
import { DEFAULT_LANGUAGE, FALLBACK_LANGUAGE, htmlLang, LANGUAGES, languageSchema, parseLanguageToken, pathToken } from './language.ts';

describe('parseLanguageToken', () => {
  it.each([
    ['jp', 'jp'],
    ['JP', 'jp'],
    ['ja', 'jp'],
    ['JA', 'jp'],
    ['Ja', 'jp'],
    ['cn', 'cn'],
    ['CN', 'cn'],
    ['zh', 'cn'],
    ['en', 'en'],
    ['EN', 'en'],
    ['kr', 'kr'],
    ['KR', 'kr'],
    ['ko', 'kr'],
  ] as const)('reads %s as %s', (token, lang) => {
    expect(parseLanguageToken(token)).toBe(lang);
  });

  it.each(['', 'fr', 'jpn', 'e', 'en-US', 'toString', '__proto__', ' en'])('refuses %j', (token) => {
    expect(parseLanguageToken(token)).toBeNull();
  });
});

describe('htmlLang and pathToken', () => {
  it('gives the BCP 47 code for the lang attribute', () => {
    expect(LANGUAGES.map(htmlLang)).toEqual(['ja', 'en', 'zh', 'ko']);
  });

  it('uses the lower-case id as the path segment, which parses back to the same language', () => {
    for (const lang of LANGUAGES) {
      expect(pathToken(lang)).toBe(lang);
      expect(parseLanguageToken(pathToken(lang))).toBe(lang);
    }
  });
});

describe('language constants', () => {
  it('defaults to Japanese and falls back to English', () => {
    expect(DEFAULT_LANGUAGE).toBe('jp');
    expect(FALLBACK_LANGUAGE).toBe('en');
  });

  it('accepts stored ids only, not ISO codes', () => {
    expect(languageSchema.parse('kr')).toBe('kr');
    expect(languageSchema.safeParse('ja').success).toBe(false);
  });
});
