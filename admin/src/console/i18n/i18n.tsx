import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { Language } from '../../../../model/language.ts';
import type { MessageKey, MessageValues } from '../../../../model/messages/keys.ts';
import { tableText, type MessageTable } from '../../../../model/messages/table.ts';
import { uiText, type UiKey } from './catalogue.ts';
import { loadTextsIn } from './later-texts.ts';
import { loadMessages } from './messages.ts';

export const CONSOLE_LANGUAGES: readonly Language[] = ['jp', 'en', 'cn', 'kr'];
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = { jp: '日本語', en: 'English', cn: '中文', kr: '한국어' };
const HTML_LANG: Readonly<Record<Language, string>> = { jp: 'ja', en: 'en', cn: 'zh', kr: 'ko' };
/** Spec §9: cookie `lang` for 2592000 s, and `selectedLanguage` in local storage. */
const COOKIE_MAX_AGE = 2_592_000;
const STORAGE_KEY = 'selectedLanguage';
const ACCEPT: Readonly<Record<Language, string>> = { jp: 'ja', en: 'en', cn: 'zh', kr: 'ko' };

function isLanguage(value: string | null | undefined): value is Language {
  return value === 'jp' || value === 'en' || value === 'cn' || value === 'kr';
}

/** The remembered choice (local storage, then the cookie), else Japanese (spec §9). */
export function rememberedLanguage(): Language {
  const stored = globalThis.localStorage?.getItem(STORAGE_KEY);
  if (isLanguage(stored)) return stored;
  const cookie = /(?:^|;\s*)lang=([a-z]{2})/.exec(globalThis.document?.cookie ?? '')?.[1];
  return isLanguage(cookie) ? cookie : 'jp';
}

/** The Accept-Language header for a console language, so the API answers its messages in it. */
export const acceptLanguage = (lang: Language) => ACCEPT[lang];

type I18n = {
  lang: Language;
  setLang(lang: Language): void;
  t(key: UiKey, values?: Record<string, string | number>): string;
};

const I18nContext = createContext<I18n | null>(null);

export function I18nProvider({ children }: { children: ReactNode }) {
  const [lang, setLangState] = useState<Language>(() => {
    const remembered = rememberedLanguage();
    // Before any screen's chunk loads: each brings its texts in this language only.
    void loadTextsIn(remembered);
    return remembered;
  });
  const setLang = useCallback((next: Language) => {
    localStorage.setItem(STORAGE_KEY, next);
    document.cookie = `lang=${next}; max-age=${COOKIE_MAX_AGE}; path=/; samesite=lax`;
    document.documentElement.lang = HTML_LANG[next];
    // The screens already loaded bring their texts in the new language first, so no key shows raw.
    loadTextsIn(next).then(
      () => setLangState(next),
      () => setLangState(next),
    );
    // The new language's messages come now, so a refusal in it is worded without waiting.
    loadMessages(next).catch(() => {});
  }, []);
  const value = useMemo<I18n>(
    () => ({
      lang,
      setLang,
      t: (key, values) => uiText(key, lang, values),
    }),
    [lang, setLang],
  );
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n(): I18n {
  const value = useContext(I18nContext);
  if (!value) throw new Error('useI18n outside I18nProvider');
  return value;
}

/**
 * `m(key)`: a message of the shared catalogue (model/messages) in the console's language, for a
 * screen that shows one as it renders. The language's texts load when such a screen first renders
 * (and again at a switch); `m` answers '' until they are here.
 */
export function useMessages(): (key: MessageKey, values?: MessageValues) => string {
  const { lang } = useI18n();
  const [texts, setTexts] = useState<{ lang: Language; table: MessageTable } | null>(null);
  useEffect(() => {
    let current = true;
    loadMessages(lang).then(
      (table) => current && setTexts({ lang, table }),
      () => {},
    );
    return () => {
      current = false;
    };
  }, [lang]);
  return useCallback((key, values) => (texts?.lang === lang ? tableText(texts.table, key, values) : ''), [texts, lang]);
}
