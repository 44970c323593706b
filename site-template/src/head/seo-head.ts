import { htmlLang } from '../../../model/language.ts';
import { pageAlternates, pageUrl } from '../../../model/page-url.ts';
import type { GridNeighbourhood, PageSite, ResolvedPage } from '../../../model/snapshot.ts';

const OG_LOCALES = { jp: 'ja_JP', en: 'en_US', cn: 'zh_CN', kr: 'ko_KR' } as const;

/**
 * What the page head of spec §3's SEO settings says, plus what search engines and link previews
 * read: canonical address, hreflang alternates, Open Graph and Twitter card with the page's image.
 * The page writes the tags itself: a component of its own cost an Astro component render per page
 * (docs/decisions.md, "Render per page").
 */
export function seoHead(site: PageSite, page: ResolvedPage | null, neighbourhood: GridNeighbourhood | null) {
  const gridPage = page ? neighbourhood?.cells.find((cell) => cell.id === page.id) : undefined;
  const canonical = gridPage ? pageUrl(site, site.lang, gridPage) : undefined;
  const mediaUrl = page?.content ? page.content.detail.imageUrl || page.imageUrl : undefined;
  const media = mediaUrl ? page?.media[mediaUrl] : undefined;
  const image = media?.kind === 'image' ? media.image : undefined;
  const absolute = (url: string) => (/^https?:\/\//.test(url) ? url : site.origin + url);
  return {
    title: site.seo.title || site.name,
    canonical,
    alternates: gridPage && site.languages.length > 1 ? pageAlternates(site, gridPage) : [],
    ogLocale: OG_LOCALES[site.lang],
    image: image ? { src: absolute(image.src), width: String(image.width), height: String(image.height) } : undefined,
    contentLanguage: htmlLang(site.lang),
  };
}
