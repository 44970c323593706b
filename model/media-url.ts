import type { PageContent } from './page.ts';

/**
 * A draft refers to uploaded media by an API URL that works in the admin and in previews;
 * publishing recognises it and swaps in the public responsive derivatives.
 */
const MEDIA_URL = /^\/api\/site\/([\w-]+)\/media\/([\w-]+)$/;

/** `/api/site/{siteId}/media/{mediaId}` */
export function mediaUrl(siteId: string, mediaId: string): string {
  return `/api/site/${siteId}/media/${mediaId}`;
}

/** The media id a draft URL names, or null for any other URL (an external image, say). */
export function parseMediaUrl(url: string | undefined | null): { siteId: string; mediaId: string } | null {
  const match = url ? MEDIA_URL.exec(url) : null;
  return match ? { siteId: match[1]!, mediaId: match[2]! } : null;
}

/** Every medium a page's content names: its picture or video, its buttons' and products' images, its music. */
export function pageMediaUrls(content: Pick<PageContent, 'detail' | 'buttons' | 'products' | 'backgroundMusic'>): string[] {
  return [content.detail.imageUrl, ...content.buttons.map((button) => button.buttonImageUrl), ...content.products.map((product) => product.imagePath), content.backgroundMusic].filter(
    (url): url is string => Boolean(url),
  );
}
