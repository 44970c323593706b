import { asc, eq } from 'drizzle-orm';
import { siteDraftSchema, type SiteDraft } from '../../model/draft.ts';
import type { Db } from '../db/open-database.ts';
import { creatives, media, pages, sites } from '../db/schema.ts';
import { pageVariants } from '../db/schema-experiments.ts';
import { notFound } from '../http/errors.ts';
import { effectivePlan } from '../identity/effective-plan.ts';

/** The whole draft of a site, validated: what publishing and the site editor read. */
export async function loadSiteDraft(db: Db, siteId: string): Promise<SiteDraft> {
  const site = await db.select().from(sites).where(eq(sites.id, siteId)).get();
  if (!site) throw notFound('siteNotFound');
  const columnRows = await db.select().from(creatives).where(eq(creatives.siteId, siteId)).orderBy(asc(creatives.columnIndex)).all();
  const pageRows = await db.select().from(pages).where(eq(pages.siteId, siteId)).orderBy(asc(pages.row)).all();
  const variantRows = await db.select().from(pageVariants).where(eq(pageVariants.siteId, siteId)).orderBy(asc(pageVariants.key)).all();
  const mediaRows = await db.select().from(media).where(eq(media.siteId, siteId)).all();
  return siteDraftSchema.parse({
    id: site.id,
    status: site.status,
    settings: site.settings,
    translations: site.translations,
    creatives: columnRows.map((creative) => ({
      id: creative.id,
      columnIndex: creative.columnIndex,
      name: creative.name,
      pages: pageRows
        .filter((page) => page.creativeId === creative.id)
        .map((page) => ({
          id: page.id,
          row: page.row,
          content: page.content,
          translations: page.translations,
          variants: variantRows.filter((variant) => variant.pageId === page.id).map(({ key, content, translations }) => ({ key, content, translations })),
        })),
    })),
    // The owner's plan as it is now: a plan change publishes the sites again (api/billing/plan-jobs.ts).
    plan: { poweredBy: (await effectivePlan(db, site.ownerId)).plan?.poweredBy ?? false },
    media: mediaRows.map(({ id, sha256, kind, mime, ext, size, originalName }) => ({ id, sha256, kind, mime, ext, size, name: originalName })),
  });
}
