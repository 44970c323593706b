import { z } from 'zod';
import { mediaRecordSchema } from './draft.ts';
import { languageSchema } from './language.ts';
import { pageContentSchema } from './page.ts';
import { pageLinkTargetIssues } from './link-targets.ts';
import { siteSettingsSchema, siteStatusSchema } from './site.ts';

/**
 * The wire shapes of a site in the back office: the editor's view of the draft in one language,
 * and a row of the site list. The draft itself (model/draft.ts) holds every language and is
 * never sent whole; the published snapshot (model/snapshot.ts) is the viewer's.
 */

/** One page as the editor shows it in one language: its place in the grid and its content with that language's texts. */
export const sitePageViewSchema = pageContentSchema.extend({
  id: z.string(),
  row: z.number().int().positive(),
  /** Its position code, e.g. 'B3'. */
  position: z.string(),
  /** What its stored draft is now, in every language: a save sends it back as `baseRevision`. */
  revision: z.string(),
});
export type SitePageView = z.output<typeof sitePageViewSchema>;

/**
 * A page as the editor saves it: its content in one language and, optionally, the revision the
 * editor started from. With it, a save over a newer draft (another tab, another admin, a bulk
 * upload) is refused with `pageChangedElsewhere` instead of overwriting it; without it (an API
 * client that does not care), the last write wins.
 */
export const pageWriteSchema = pageContentSchema
  .extend({
    baseRevision: z.string().max(64).optional().describe('The page’s `revision` this edit started from'),
  })
  // Every link of the page leads somewhere (model/link-targets.ts); stored pages are read without this rule.
  .superRefine((content, ctx) => {
    for (const issue of pageLinkTargetIssues(content)) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.key });
  });

/** One column of the grid: its letters, its category name in the view's language and its pages top to bottom. */
export const siteColumnViewSchema = z.object({
  id: z.string(),
  columnIndex: z.number().int().nonnegative(),
  letters: z.string(),
  /** The category name in the view's language, else the default language's, else ''. */
  name: z.string(),
  pages: z.array(sitePageViewSchema),
});

/**
 * The draft as the site editor reads it in one language: settings with that language's texts,
 * every page resolved, the uploaded media. `creatives` is the spec's wire word for the columns.
 */
export const siteViewSchema = z.object({
  id: z.string(),
  status: siteStatusSchema,
  lang: languageSchema,
  /** The published version visitors see, null before the first publish. */
  liveVersion: z.number().int().positive().nullable(),
  settings: siteSettingsSchema,
  creatives: z.array(siteColumnViewSchema),
  media: z.array(mediaRecordSchema),
});
export type SiteView = z.output<typeof siteViewSchema>;

/** A row of the site list: what the list shows and its CSV export holds, without settings or pages. */
export const siteSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  status: siteStatusSchema,
  ownerId: z.string(),
  numberHorizontal: z.number().int().positive(),
  numberVertical: z.number().int().positive(),
  liveVersion: z.number().int().positive().nullable(),
  /** The site's home page on its own origin (its custom domain, or `{handle}.{SITE_DOMAIN}`), after any path prefix. */
  url: z.string(),
  publishedAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type SiteSummary = z.output<typeof siteSummarySchema>;

/** What an upload answers: the stored media and the URL the draft refers to it by. */
export const storedMediaSchema = mediaRecordSchema.pick({ id: true, kind: true, mime: true, size: true, sha256: true }).extend({ url: z.string() });
export type StoredMedia = z.output<typeof storedMediaSchema>;
