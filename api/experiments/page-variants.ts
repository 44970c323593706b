import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { CONTROL, type Arm, type VariantKey } from '../../model/ab/experiment.ts';
import type { Language } from '../../model/language.ts';
import { pageContentSchema, type PageContent } from '../../model/page.ts';
import { siteSettingsSchema } from '../../model/site.ts';
import { resolvePageText, translationsSchema, writePageInLanguage } from '../../model/translation.ts';
import type { Db } from '../db/open-database.ts';
import { pages, sites } from '../db/schema.ts';
import { pageVariants } from '../db/schema-experiments.ts';
import { AppError, notFound } from '../http/errors.ts';
import type { SiteRow } from '../sites/find-site.ts';

const KEYS: readonly VariantKey[] = 'BCDEFGHIJKLMNOPQRSTUVWXYZ'.split('');

export type PageVariantView = { key: VariantKey; content: PageContent };

function defaultLanguageOf(site: SiteRow): Language {
  return siteSettingsSchema.parse(site.settings).defaultLanguage;
}

async function findPage(db: Db, site: SiteRow, pageId: string) {
  const page = await db
    .select()
    .from(pages)
    .where(and(eq(pages.id, pageId), eq(pages.siteId, site.id)))
    .get();
  if (!page) throw notFound('pageNotFound');
  return page;
}

async function findVariant(db: Db, site: SiteRow, pageId: string, key: string) {
  const variant = await db
    .select()
    .from(pageVariants)
    .where(and(eq(pageVariants.pageId, pageId), eq(pageVariants.siteId, site.id), eq(pageVariants.key, key)))
    .get();
  if (!variant) throw notFound('variantNotFound');
  return variant;
}

function viewOf(site: SiteRow, row: { key: string; content: unknown; translations: unknown }, lang: Language): PageVariantView {
  const content = resolvePageText(pageContentSchema.parse(row.content), translationsSchema.parse(row.translations), lang, defaultLanguageOf(site));
  return { key: row.key, content };
}

/** A page's variants in key order, their texts in `lang`. */
export async function listPageVariants(db: Db, site: SiteRow, pageId: string, lang: Language): Promise<PageVariantView[]> {
  await findPage(db, site, pageId);
  return (
    await db
      .select()
      .from(pageVariants)
      .where(and(eq(pageVariants.pageId, pageId), eq(pageVariants.siteId, site.id)))
      .orderBy(asc(pageVariants.key))
      .all()
  ).map((row) => viewOf(site, row, lang));
}

/**
 * Adds a variant as a copy of the control page or of one of its variants (texts in every language
 * included), under `key` or the first free one. The unique (page, key) index settles two adds racing for one key.
 */
export async function createPageVariant(db: Db, site: SiteRow, pageId: string, input: { key?: VariantKey; from: Arm }, lang: Language): Promise<PageVariantView> {
  const page = await findPage(db, site, pageId);
  const source = input.from === CONTROL ? page : await findVariant(db, site, pageId, input.from);
  return await db.transaction(async (tx) => {
    const taken = new Set((await tx.select({ key: pageVariants.key }).from(pageVariants).where(eq(pageVariants.pageId, pageId)).all()).map((row) => row.key));
    const key = input.key ?? KEYS.find((candidate) => !taken.has(candidate));
    if (!key) throw new AppError('bad_request', 'variantLimit', { values: { max: KEYS.length } });
    if (taken.has(key)) throw new AppError('conflict', 'variantExists', { values: { key } });
    const row = { id: randomUUID(), siteId: site.id, pageId, key, content: source.content, translations: source.translations, updatedAt: new Date() };
    await tx.insert(pageVariants).values(row).run();
    await tx.update(sites).set({ updatedAt: row.updatedAt }).where(eq(sites.id, site.id)).run();
    return viewOf(site, row, lang);
  });
}

/** Writes a variant's content as edited in one language, the way a page is written (model/translation.ts). */
export async function writePageVariant(db: Db, site: SiteRow, pageId: string, key: string, lang: Language, edit: PageContent): Promise<PageVariantView> {
  const settings = siteSettingsSchema.parse(site.settings);
  if (!settings.languages.includes(lang)) throw new AppError('bad_request', 'languageNotOffered', { values: { lang } });
  const variant = await findVariant(db, site, pageId, key);
  const next = writePageInLanguage(pageContentSchema.parse(variant.content), translationsSchema.parse(variant.translations), edit, lang, settings.defaultLanguage);
  const now = new Date();
  await db.transaction(async (tx) => {
    await tx.update(pageVariants).set({ content: next.base, translations: next.translations, updatedAt: now }).where(eq(pageVariants.id, variant.id)).run();
    await tx.update(sites).set({ updatedAt: now }).where(eq(sites.id, site.id)).run();
  });
  return viewOf(site, { key, content: next.base, translations: next.translations }, lang);
}

export async function deletePageVariant(db: Db, site: SiteRow, pageId: string, key: string): Promise<void> {
  const variant = await findVariant(db, site, pageId, key);
  await db.transaction(async (tx) => {
    await tx.delete(pageVariants).where(eq(pageVariants.id, variant.id)).run();
    await tx.update(sites).set({ updatedAt: new Date() }).where(eq(sites.id, site.id)).run();
  });
}

/** The variant keys any page of the site has, in order. */
export async function siteVariantKeys(db: Db, siteId: string): Promise<VariantKey[]> {
  const rows = await db.selectDistinct({ key: pageVariants.key }).from(pageVariants).where(eq(pageVariants.siteId, siteId)).orderBy(asc(pageVariants.key)).all();
  return rows.map((row) => row.key);
}
