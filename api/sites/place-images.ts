import { asc, eq } from 'drizzle-orm';
import type { BadEntry } from '../../model/bulk-upload.ts';
import { pageContentSchema } from '../../model/page.ts';
import { formatPosition } from '../../model/position.ts';
import type { Db } from '../db/open-database.ts';
import { creatives, pages, sites } from '../db/schema.ts';
import type { StoredImage } from './bulk-upload-jobs.ts';

type Placed = { name: string; pageId: string; position: string; imageUrl: string };

/**
 * Puts images on the site's pages in order (B §5: creative images are uploaded consecutively):
 * column A from its first row down, then B…; each page's image is replaced, its other content
 * kept. Images beyond the last page are answered as bad entries. One transaction: the grid
 * changes all at once or not at all.
 */
export async function placeImages(db: Db, siteId: string, images: readonly StoredImage[]): Promise<{ placed: Placed[]; bad: BadEntry[] }> {
  return await db.transaction(
    async (tx) => {
      const rows = await tx
        .select({ id: pages.id, row: pages.row, content: pages.content, columnIndex: creatives.columnIndex })
        .from(pages)
        .innerJoin(creatives, eq(pages.creativeId, creatives.id))
        .where(eq(pages.siteId, siteId))
        .orderBy(asc(creatives.columnIndex), asc(pages.row))
        .all();
      const now = new Date();
      const placed: Placed[] = [];
      for (const [index, image] of images.slice(0, rows.length).entries()) {
        const page = rows[index]!;
        const content = pageContentSchema.parse(page.content);
        await tx
          .update(pages)
          .set({ content: { ...content, detail: { ...content.detail, imageUrl: image.url } }, updatedAt: now })
          .where(eq(pages.id, page.id))
          .run();
        placed.push({ name: image.name, pageId: page.id, position: formatPosition(page.columnIndex, page.row), imageUrl: image.url });
      }
      if (placed.length > 0) await tx.update(sites).set({ updatedAt: now }).where(eq(sites.id, siteId)).run();
      const bad = images.slice(rows.length).map((image): BadEntry => ({ name: image.name, key: 'zipNoPageLeft', values: { count: rows.length } }));
      return { placed, bad };
    },
    { behavior: 'immediate' },
  );
}
