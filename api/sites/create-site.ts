import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { createSiteInputSchema } from '../../model/site-input.ts';
import { siteSettingsSchema } from '../../model/site.ts';
import type { Db } from '../db/open-database.ts';
import { creatives, pages, sites } from '../db/schema.ts';
import { assignHandle } from '../db/site-handles.ts';
import { defaultCategoryName } from './default-category-name.ts';
import { emptyPageContent } from './page-content.ts';
import { effectivePlan } from '../identity/effective-plan.ts';
import { assertGridWithinPlan, assertLanguagesWithinPlan, assertSiteQuota, creatorPlanItemOf } from './plan-gates.ts';

/**
 * Creates a site with its whole grid of empty pages, in one transaction, within the owner's
 * plan (number of sites, rows × columns, languages). Returns its id.
 */
export async function createSite(db: Db, ownerId: string, input: z.output<typeof createSiteInputSchema>): Promise<string> {
  const id = randomUUID();
  const { limits } = await effectivePlan(db, ownerId);
  assertGridWithinPlan(limits, input.numberHorizontal, input.numberVertical);
  assertLanguagesWithinPlan(limits, input.languages);
  const settings = siteSettingsSchema.parse({
    creatorPlanItem: creatorPlanItemOf(limits),
    name: input.name,
    numberHorizontal: input.numberHorizontal,
    numberVertical: input.numberVertical,
    defaultLanguage: input.defaultLanguage,
    languages: input.languages,
  });
  await db.transaction(async (tx) => {
    // Counted inside the transaction that inserts: two parallel creations cannot both see room for one
    // (SQLite runs one transaction at a time; PostgreSQL's serializable transactions fail the later one, which runs again).
    await assertSiteQuota(tx, ownerId, limits);
    await tx.insert(sites).values({ id, ownerId, name: settings.name, numberHorizontal: settings.numberHorizontal, numberVertical: settings.numberVertical, settings }).run();
    await assignHandle(tx, id);
    for (let column = 0; column < settings.numberHorizontal; column++) {
      const creativeId = randomUUID();
      await tx
        .insert(creatives)
        .values({ id: creativeId, siteId: id, columnIndex: column, name: defaultCategoryName(column, settings.languages) })
        .run();
      const columnPages = Array.from({ length: settings.numberVertical }, (_, index) => ({ id: randomUUID(), siteId: id, creativeId, row: index + 1, content: emptyPageContent() }));
      await tx.insert(pages).values(columnPages).run();
    }
  });
  return id;
}
