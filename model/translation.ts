import { z } from 'zod';
import { languageSchema, type Language } from './language.ts';
import type { PageContent } from './page.ts';

/**
 * Translatable text lives beside the structure it belongs to: the structure (positions,
 * colours, links) and the default language's text are the base, and every other language
 * keeps only its texts, keyed by a path such as `detail.mainText` or `buttons.<id>.buttonText`.
 * A missing key falls back to the base, which is the site's default language.
 */
export type TextOverlay = Record<string, string>;
export const textOverlaySchema = z.record(z.string(), z.string());
export const translationsSchema = z.partialRecord(languageSchema, textOverlaySchema).default({});
export type Translations = z.infer<typeof translationsSchema>;

/** The text fields of a page, by part; every other field is shared by all languages. */
export const PAGE_TEXT_FIELDS = {
  detail: ['mainText', 'price', 'linkButtonText', 'imageAlt'],
  buttons: ['buttonText', 'microcopyText', 'buttonContentHtml'],
  products: ['productName', 'description', 'price', 'linkButtonText'],
} as const;

type ListPart = 'buttons' | 'products';
const LIST_PARTS: readonly ListPart[] = ['buttons', 'products'];

/** The texts of a page as an overlay, e.g. `{ 'detail.mainText': 'Hello' }`. Empty texts are kept: an empty translation is a choice. */
export function extractPageText(content: PageContent): TextOverlay {
  const overlay: TextOverlay = {};
  const detail = content.detail as Record<string, unknown>;
  for (const field of PAGE_TEXT_FIELDS.detail) {
    const value = detail[field];
    if (typeof value === 'string') overlay[`detail.${field}`] = value;
  }
  for (const part of LIST_PARTS) {
    for (const item of content[part] as Array<Record<string, unknown> & { id: string }>) {
      for (const field of PAGE_TEXT_FIELDS[part]) {
        const value = item[field];
        if (typeof value === 'string') overlay[`${part}.${item.id}.${field}`] = value;
      }
    }
  }
  return overlay;
}

/** A copy of `content` with every text the overlay holds put in place; texts it lacks stay as they are. */
export function applyPageText(content: PageContent, overlay: TextOverlay | undefined): PageContent {
  if (!overlay || Object.keys(overlay).length === 0) return content;
  const detail: Record<string, unknown> = { ...content.detail };
  for (const field of PAGE_TEXT_FIELDS.detail) {
    const value = overlay[`detail.${field}`];
    if (value !== undefined) detail[field] = value;
  }
  const result = { ...content, detail: detail as PageContent['detail'] };
  for (const part of LIST_PARTS) {
    const items = (content[part] as Array<Record<string, unknown> & { id: string }>).map((item) => {
      const copy: Record<string, unknown> = { ...item };
      for (const field of PAGE_TEXT_FIELDS[part]) {
        const value = overlay[`${part}.${item.id}.${field}`];
        if (value !== undefined) copy[field] = value;
      }
      return copy;
    });
    (result as Record<string, unknown>)[part] = items;
  }
  return result;
}

/** The page as a visitor of `lang` sees it. */
export function resolvePageText(base: PageContent, translations: Translations, lang: Language, defaultLanguage: Language): PageContent {
  return lang === defaultLanguage ? base : applyPageText(base, translations[lang]);
}

/**
 * Stores an edit made in one language. In the default language the edit becomes the base.
 * In another language the structure is taken from the edit, its texts go to that language's
 * overlay, and the base keeps its own texts; an item new to the page seeds the base with the
 * edit's text, so the other languages show something rather than nothing until translated.
 * A blank text in another language means "not translated yet": it keeps falling back.
 */
export function writePageInLanguage(base: PageContent, translations: Translations, edit: PageContent, lang: Language, defaultLanguage: Language): { base: PageContent; translations: Translations } {
  if (lang === defaultLanguage) {
    return { base: edit, translations: pruneTranslations(translations, edit) };
  }
  const baseText = extractPageText(base);
  const editText = extractPageText(edit);
  const keptText: TextOverlay = {};
  for (const key of Object.keys(editText)) keptText[key] = baseText[key] ?? editText[key]!;
  const newBase = applyPageText(edit, keptText);
  const translated = Object.fromEntries(Object.entries(editText).filter(([, text]) => text.trim() !== ''));
  const next = { ...translations, [lang]: translated };
  return { base: newBase, translations: pruneTranslations(next, newBase) };
}

/** Drops overlay keys of items that no longer exist, so a deleted button's text does not linger. */
export function pruneTranslations(translations: Translations, base: PageContent): Translations {
  const valid = new Set(Object.keys(extractPageText(base)));
  for (const field of PAGE_TEXT_FIELDS.detail) valid.add(`detail.${field}`);
  const result: Translations = {};
  for (const [lang, overlay] of Object.entries(translations) as Array<[Language, TextOverlay]>) {
    const kept: TextOverlay = {};
    for (const [key, value] of Object.entries(overlay)) if (valid.has(key)) kept[key] = value;
    result[lang] = kept;
  }
  return result;
}

/** Site-level texts: SEO and company information, translatable like page texts. */
export const SITE_TEXT_FIELDS = {
  seo: ['title', 'h1', 'description'],
  company: ['companyProfile', 'companyClause', 'termsOfService', 'privacyPolicy'],
} as const;

type SiteTextParts = { seo: Record<string, unknown>; company: Record<string, unknown> };

/** The site's texts as an overlay, e.g. `{ 'seo.title': '…' }`. */
export function extractSiteText(site: SiteTextParts): TextOverlay {
  const overlay: TextOverlay = {};
  for (const part of ['seo', 'company'] as const) {
    for (const field of SITE_TEXT_FIELDS[part]) {
      const value = site[part][field];
      if (typeof value === 'string') overlay[`${part}.${field}`] = value;
    }
  }
  return overlay;
}

/** A copy of the site's seo and company with the overlay's texts in place. */
export function applySiteText<T extends SiteTextParts>(site: T, overlay: TextOverlay | undefined): T {
  if (!overlay) return site;
  const seo = { ...site.seo };
  const company = { ...site.company };
  for (const field of SITE_TEXT_FIELDS.seo) if (overlay[`seo.${field}`] !== undefined) seo[field] = overlay[`seo.${field}`];
  for (const field of SITE_TEXT_FIELDS.company) if (overlay[`company.${field}`] !== undefined) company[field] = overlay[`company.${field}`];
  return { ...site, seo, company };
}
