import { and, eq } from 'drizzle-orm';
import type { Language } from '../../model/language.ts';
import type { CategoryNames } from '../../model/site-input.ts';
import type { Db } from '../db/open-database.ts';
import { creatives, sites } from '../db/schema.ts';
import { AppError, notFound } from '../http/errors.ts';
import type { SiteRow } from './find-site.ts';

/** Names the site's categories (its global menu) in one language; every category named in one call. */
export async function renameCategories(db: Db, site: SiteRow, { categories }: CategoryNames, lang: Language): Promise<void> {
  const rows = await db.select().from(creatives).where(eq(creatives.siteId, site.id)).all();
  const byId = new Map(rows.map((row) => [row.id, row]));
  for (const category of categories) if (!byId.has(category.id)) throw notFound('categoryNotFound');
  // Every menu item is named: an unnamed one would be an empty item.
  if (categories.length !== rows.length) throw new AppError('validation', 'requiredFields');
  const now = new Date();
  await db.transaction(async (tx) => {
    for (const category of categories) {
      const names = { ...(byId.get(category.id)!.name as Record<string, string>), [lang]: category.name };
      await tx
        .update(creatives)
        .set({ name: names })
        .where(and(eq(creatives.id, category.id), eq(creatives.siteId, site.id)))
        .run();
    }
    await tx.update(sites).set({ updatedAt: now }).where(eq(sites.id, site.id)).run();
  });
}
