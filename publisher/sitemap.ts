import { pageAlternates, pageUrl } from '../model/page-url.ts';
import type { SiteSnapshot } from '../model/snapshot.ts';

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * sitemap.xml of a published site: every page a visitor can read in every language, each with
 * its alternates. Members-only pages are left out: a crawler would only see their lock. No
 * lastmod: it would change the file, and so the published version, on every publish.
 */
export function sitemapXml(site: SiteSnapshot): string {
  const urls: string[] = [];
  for (const lang of site.languages) {
    for (const column of site.grid) {
      for (const page of column.pages) {
        if (page.locked || !page.hasImage) continue;
        const links = pageAlternates(site, page).map((alt) => `<xhtml:link rel="alternate" hreflang="${alt.hreflang}" href="${escapeXml(alt.href)}"/>`);
        urls.push(`<url><loc>${escapeXml(pageUrl(site, lang, page))}</loc>${links.join('')}</url>`);
      }
    }
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`;
}

/** robots.txt: everything may be crawled; the sitemap is named by its absolute address. */
export function robotsTxt(site: SiteSnapshot): string {
  return `User-agent: *\nAllow: /\nSitemap: ${site.origin}${site.basePath}sitemap.xml\n`;
}
