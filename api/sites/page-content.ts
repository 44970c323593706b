import type { PageContent } from '../../model/page.ts';
import { pageContentSchema } from '../../model/page.ts';

/** An empty page: what a new grid cell holds. */
export function emptyPageContent(): PageContent {
  return pageContentSchema.parse({});
}

/** Whether dropping this page would lose something its owner made. */
export function hasContent(content: PageContent): boolean {
  const { detail } = content;
  return Boolean(
    detail.imageUrl ||
      detail.hlsPath ||
      detail.mainText?.trim() ||
      detail.price?.trim() ||
      detail.linkButtonText?.trim() ||
      content.buttons.length ||
      content.links.length ||
      content.products.length ||
      content.backgroundMusic,
  );
}
