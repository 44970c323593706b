import { z } from 'zod';
import { languageSchema } from './language.ts';
import { pageContentSchema } from './page.ts';
import { companyInfoSchema, seoSchema, snsSchema, viewModeSchema } from './site.ts';
import type { VisitorSubPath } from './visitor-path.ts';

/**
 * The snapshot is what publishing hands the renderer and what the viewer reads: one site in
 * one language, every media reference already turned into public URLs. It is the only shape
 * the site template knows, so the template never sees the draft database.
 */

/** An image with its responsive sources; `src` is the widest fallback. */
export const responsiveImageSchema = z.object({
  src: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  sources: z.array(z.object({ type: z.string(), srcset: z.string() })),
});
export type ResponsiveImage = z.infer<typeof responsiveImageSchema>;

/** An uploaded video: the file itself, its HLS master playlist and poster frame once packaged (publisher/hls.ts). */
export const videoSourceSchema = z.object({ src: z.string(), type: z.string(), hls: z.string().optional(), poster: z.string().optional() });

/** An uploaded audio file (a page's background music): the file itself, content-addressed under media/. */
export const audioSourceSchema = z.object({ src: z.string(), type: z.string() });

/** Media of a page keyed by the URL the draft holds, so the viewer looks a URL up instead of rewriting content. */
export const mediaMapSchema = z.record(
  z.string(),
  z.union([
    z.object({ kind: z.literal('image'), image: responsiveImageSchema }),
    z.object({ kind: z.literal('video'), video: videoSourceSchema }),
    z.object({ kind: z.literal('audio'), audio: audioSourceSchema }),
  ]),
);
export type MediaMap = z.infer<typeof mediaMapSchema>;

/** One page as a visitor of one language sees it. A locked page carries no content, only its lock. */
export const resolvedPageSchema = z.object({
  id: z.string(),
  position: z.string(),
  columnIndex: z.number().int().nonnegative(),
  row: z.number().int().positive(),
  locked: z.boolean(),
  content: pageContentSchema.nullable(),
  imageUrl: z.string().optional(),
  media: mediaMapSchema,
});
export type ResolvedPage = z.infer<typeof resolvedPageSchema>;

/** What every page file knows of the whole grid: enough to swipe and to draw placeholders. */
export const gridPageSchema = z.object({
  id: z.string(),
  row: z.number().int().positive(),
  position: z.string(),
  customPath: z.string().optional(),
  hasImage: z.boolean(),
  locked: z.boolean(),
  thumbnail: z.string().optional(),
  /** A page whose status is not published: it keeps its cell (rows stay rows) but has no file, and swipes pass over it. */
  unpublished: z.literal(true).optional(),
});
export type GridPage = z.infer<typeof gridPageSchema>;

/**
 * What a page file holds of the grid (model/grid-manifest.ts makes it): the page and the pages one
 * move away, and per column only its name and length.
 */
export const gridNeighbourhoodSchema = z.object({
  /** Every column's name (the menu), in order; the viewer keys columns by index. */
  names: z.array(z.string()),
  /** Every column's page count (the counter), in the same order. */
  rows: z.array(z.number().int().nonnegative()),
  /** The page itself and the pages one move away (up, down, and where a sideways swipe lands or would keep the row). */
  cells: z.array(gridPageSchema.extend({ columnIndex: z.number().int().nonnegative() })),
});
export type GridNeighbourhood = z.infer<typeof gridNeighbourhoodSchema>;

export const gridColumnSchema = z.object({ id: z.string(), name: z.string(), pages: z.array(gridPageSchema) });
export type GridColumn = z.infer<typeof gridColumnSchema>;

export const siteSnapshotSchema = z.object({
  siteId: z.string(),
  lang: languageSchema,
  defaultLanguage: languageSchema,
  languages: z.array(languageSchema),
  /** Where visitors reach the site, without trailing slash: its own origin, `{handle}.{SITE_DOMAIN}` or its custom domain. */
  origin: z.string(),
  /** Path of the site's root on its origin: `/`, after any path prefix (a preview's is under /preview/…). */
  basePath: z.string(),
  customPathPrefix: z.string().optional(),
  name: z.string(),
  viewMode: viewModeSchema,
  displayLanguageIcon: z.boolean(),
  displayGlobalMenu: z.boolean(),
  displayPageCount: z.boolean(),
  displayAlbum: z.boolean(),
  swipeRedirection: z.boolean(),
  autoAttachUrlParam: z.boolean(),
  globalMenuTextColor: z.string().optional(),
  globalMenuBackgroundColor: z.string().optional(),
  speakerColor: z.string().optional(),
  safeAreaColor: z.string().optional(),
  logo: responsiveImageSchema.optional(),
  faviconUrl: z.string().optional(),
  /**
   * The popup CTAs' images as the publish made them (responsive derivatives, size), by the URL the
   * settings hold; a popup image saved after the publish is not here and loads as uploaded.
   */
  popupImages: z.record(z.string(), responsiveImageSchema).optional(),
  sns: z.array(snsSchema),
  seo: seoSchema,
  company: companyInfoSchema,
  poweredBy: z.boolean(),
  /** Cookieless analytics (the site's analytics settings): the viewer then sets no cookie of its own either. */
  cookieless: z.boolean().default(false),
  grid: z.array(gridColumnSchema),
});
export type SiteSnapshot = z.infer<typeof siteSnapshotSchema>;

/**
 * The site as one page file carries it: everything but the grid, which is a file of its own
 * (model/grid-manifest.ts) named here relative to the site's root.
 */
export const pageSiteSchema = siteSnapshotSchema.omit({ grid: true }).extend({ gridPath: z.string() });
export type PageSite = z.infer<typeof pageSiteSchema>;

/**
 * What the renderer receives for one page file: the site, and the page at that position with its
 * neighbourhood of the grid (page null renders the not-found page), or a visitor screen
 * (register, contact…) with `page` null.
 */
export type RenderLocals = {
  site: PageSite;
  page: ResolvedPage | null;
  neighbourhood: GridNeighbourhood | null;
  assetOrigin: string;
  screen?: VisitorSubPath;
  /** A shared preview in view-only mode (V §5): buttons and link areas do nothing, and the page says so. */
  viewOnly?: true;
};

/** The path of a page's JSON file inside a site's published tree. */
export function pageDataPath(lang: string, pageId: string): string {
  return `_data/${lang}/${pageId}.json`;
}
