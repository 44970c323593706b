import type { Language } from '../../../../model/language.ts';

/**
 * A console text in its four languages. Order: en, jp, cn, kr (spec §1: Japanese, English,
 * Chinese, Korean; §9: default Japanese, fallback English).
 */
export type Row = readonly [en: string, jp: string, cn: string, kr: string];

const INDEX: Readonly<Record<Language, number>> = { en: 0, jp: 1, cn: 2, kr: 3 };

/**
 * Texts that arrive with a lazily loaded chunk (the signed-in screens'), per language, by key. A
 * leaf module: the chunk writes here as it loads and the catalogue reads here, so neither imports
 * the other.
 */
const LATER_TEXTS: Readonly<Record<Language, Map<string, string>>> = { en: new Map(), jp: new Map(), cn: new Map(), kr: new Map() };

/** A lazily loaded text in a language (English where it lacks one), or undefined before its chunk loaded. */
export function laterText(key: string, lang: Language): string | undefined {
  return LATER_TEXTS[lang].get(key);
}

/** Adds a chunk's texts in all four languages: the catalogue's source, as tests and the dev server load it. */
export function addLaterTexts(rows: Readonly<Record<string, Row>>): void {
  for (const [lang, index] of Object.entries(INDEX) as [Language, number][]) {
    for (const [key, row] of Object.entries(rows)) LATER_TEXTS[lang].set(key, row[index] || row[0]);
  }
}

/**
 * @public Called by the one-language modules the build makes, not by source.
 * Adds one language's texts of a chunk. The built console (astro.config.mjs, console-texts-by-language)
 * ships each catalogue as four one-language modules and loads only the language in use: a quarter
 * of the bytes on every signed-in screen's first load.
 */
export function addLanguageTexts(lang: Language, texts: Readonly<Record<string, string>>): void {
  for (const [key, text] of Object.entries(texts)) LATER_TEXTS[lang].set(key, text);
}

type TextLoader = (lang: Language) => Promise<unknown>;
const loaders: TextLoader[] = [];
let inUse: Language = 'jp';

/** @public Called by a built catalogue chunk as it loads: its texts in the language in use now, and in any the console switches to. */
export function registerTextLoader(load: TextLoader): Promise<unknown> {
  loaders.push(load);
  return load(inUse);
}

/** The console's language from now on: every catalogue loaded so far brings its texts in it before the switch shows. */
export async function loadTextsIn(lang: Language): Promise<void> {
  inUse = lang;
  await Promise.all(loaders.map((load) => load(lang)));
}
