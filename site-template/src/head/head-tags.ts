import { addAttribute, escapeHTML } from 'astro/runtime/server/index.js';
import type { GridNeighbourhood, PageSite, ResolvedPage } from '../../../model/snapshot.ts';
import { seoHead } from './seo-head.ts';

/**
 * The page's head tags from `<title>` to the first image's preload, as the page's Astro template
 * wrote them: text through Astro's `escapeHTML`, attribute values through its `addAttribute`. The
 * page renders them with `set:html` and the publisher splices the same string into a page shell
 * (publisher/page-shell.ts), so both ways give one set of bytes (docs/decisions.md, "Render per page, splice").
 */
export function headTags(site: PageSite, page: ResolvedPage | null, neighbourhood: GridNeighbourhood | null): string {
  const head = seoHead(site, page, neighbourhood);
  const description = site.seo.description;
  const mediaUrl = page?.content ? page.content.detail.imageUrl || page.imageUrl : undefined;
  const firstMedia = mediaUrl ? page?.media[mediaUrl] : undefined;
  const preload = firstMedia?.kind === 'image' ? firstMedia.image.sources.find((source) => source.type === 'image/webp') : undefined;
  let html = `<title>${escapeHTML(head.title)}</title>`;
  if (description) html += `<meta name="description"${addAttribute(description, 'content')}>`;
  if (head.canonical) html += `<link rel="canonical"${addAttribute(head.canonical, 'href')}>`;
  for (const alternate of head.alternates) html += `<link rel="alternate"${addAttribute(alternate.hreflang, 'hreflang')}${addAttribute(alternate.href, 'href')}>`;
  if (site.faviconUrl) html += `<link rel="icon"${addAttribute(site.faviconUrl, 'href')}>`;
  html += `<meta property="og:type" content="website"><meta property="og:site_name"${addAttribute(site.name, 'content')}><meta property="og:title"${addAttribute(head.title, 'content')}>`;
  if (description) html += `<meta property="og:description"${addAttribute(description, 'content')}>`;
  if (head.canonical) html += `<meta property="og:url"${addAttribute(head.canonical, 'content')}>`;
  html += `<meta property="og:locale"${addAttribute(head.ogLocale, 'content')}>`;
  if (head.image) {
    html += `<meta property="og:image"${addAttribute(head.image.src, 'content')}><meta property="og:image:width"${addAttribute(head.image.width, 'content')}>`;
    html += `<meta property="og:image:height"${addAttribute(head.image.height, 'content')}>`;
  }
  html += `<meta name="twitter:card"${addAttribute(head.image ? 'summary_large_image' : 'summary', 'content')}><meta name="twitter:title"${addAttribute(head.title, 'content')}>`;
  if (description) html += `<meta name="twitter:description"${addAttribute(description, 'content')}>`;
  if (head.image) html += `<meta name="twitter:image"${addAttribute(head.image.src, 'content')}>`;
  html += `<meta http-equiv="content-language"${addAttribute(head.contentLanguage, 'content')}>`;
  if (preload) html += `<link rel="preload" as="image" type="image/webp"${addAttribute(preload.srcset, 'imagesrcset')} imagesizes="100vw" fetchpriority="high">`;
  return html;
}
