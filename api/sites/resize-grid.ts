import { randomUUID } from 'node:crypto';
import { and, eq, gt, gte } from 'drizzle-orm';
import type { z } from 'zod';
import { formatPosition } from '../../model/position.ts';
import type { gridInputSchema } from '../../model/site-input.ts';
import { defaultCategoryName } from './default-category-name.ts';
import { siteSettingsSchema } from '../../model/site.ts';
import { pageContentSchema } from '../../model/page.ts';
import type { Db } from '../db/open-database.ts';
import { creatives, pages, sites } from '../db/schema.ts';
import { AppError } from '../http/errors.ts';
import type { SiteRow } from './find-site.ts';
import { emptyPageContent, hasContent } from './page-content.ts';
import { effectivePlan } from '../identity/effective-plan.ts';
import { assertGridWithinPlan } from './plan-gates.ts';

/**
 * Changes the grid. Cells that appear start empty; cells that disappear are deleted, and when
 * any of them holds content the change is refused unless confirmed, naming those positions.
 * The grid stays within the owner's plan (rows × columns ≤ quantitySwipe).
 */
export async function resizeGrid(db: Db, site: SiteRow, input: z.output<typeof gridInputSchema>): Promise<{ removedPages: number; addedPages: number }> {
  const { numberHorizontal, numberVertical, confirm } = input;
  assertGridWithinPlan((await effectivePlan(db, site.ownerId)).limits, numberHorizontal, numberVertical);
  const columns = await db.select().from(creatives).where(eq(creatives.siteId, site.id)).all();
  const allPages = await db.select().from(pages).where(eq(pages.siteId, site.id)).all();
  const columnOf = new Map(columns.map((creative) => [creative.id, creative.columnIndex]));
  const dropped = allPages.filter((page) => columnOf.get(page.creativeId)! >= numberHorizontal || page.row > numberVertical);
  const withContent = dropped.filter((page) => hasContent(pageContentSchema.parse(page.content)));
  if (withContent.length > 0 && !confirm) {
    const positions = withContent.map((page) => formatPosition(columnOf.get(page.creativeId)!, page.row)).sort();
    throw new AppError('conflict', 'resizeConfirm', { values: { count: withContent.length, positions: positions.join(', ') } });
  }
  const settings = siteSettingsSchema.parse({ ...siteSettingsSchema.parse(site.settings), numberHorizontal, numberVertical });
  let addedPages = 0;
  await db.transaction(async (tx) => {
    await tx
      .delete(creatives)
      .where(and(eq(creatives.siteId, site.id), gte(creatives.columnIndex, numberHorizontal)))
      .run();
    await tx
      .delete(pages)
      .where(and(eq(pages.siteId, site.id), gt(pages.row, numberVertical)))
      .run();
    for (let column = 0; column < numberHorizontal; column++) {
      let creative = columns.find((c) => c.columnIndex === column);
      if (!creative) {
        creative = { id: randomUUID(), siteId: site.id, columnIndex: column, name: defaultCategoryName(column, settings.languages) };
        await tx.insert(creatives).values(creative).run();
      }
      const rows = new Set(allPages.filter((page) => page.creativeId === creative.id).map((page) => page.row));
      for (let row = 1; row <= numberVertical; row++) {
        if (rows.has(row)) continue;
        await tx.insert(pages).values({ id: randomUUID(), siteId: site.id, creativeId: creative.id, row, content: emptyPageContent() }).run();
        addedPages++;
      }
    }
    await tx.update(sites).set({ settings, numberHorizontal, numberVertical, updatedAt: new Date() }).where(eq(sites.id, site.id)).run();
  });
  return { removedPages: dropped.length, addedPages };
}
