import { gridManifestPath, neighbourhoodOf } from '../model/grid-manifest.ts';
import type { Language } from '../model/language.ts';
import type { PageSite, RenderLocals, SiteSnapshot, ResolvedPage } from '../model/snapshot.ts';
import { pageDataPath } from '../model/snapshot.ts';
import { customPathFileName, publicFileName, subPathFileName, VISITOR_SUB_PATHS } from '../model/visitor-path.ts';
import { inputHash } from './input-hash.ts';

/** One render of the template: the paths its HTML is published at, and the hash of what it is rendered from. */
export type RenderJob = { paths: string[]; locals: RenderLocals; inputs: string };

/** Files of a language written as they are, without the template: page data and the grid manifest. */
export type DataFile = { path: string; body: string };

export type LanguagePlan = { renders: RenderJob[]; data: DataFile[] };

/** The published tree's path of a language's not-found page. */
function notFoundFile(lang: Language, defaultLanguage: Language): string {
  return lang === defaultLanguage ? '404.html' : `${lang}/404.html`;
}

/**
 * Everything one language publishes, each render with its input hash: the site-wide part (which
 * names the grid manifest by its content hash, so a change to the menu, a thumbnail or a page's
 * landability reaches every page), the page's own part, its neighbourhood of the grid, and the
 * template build. Nothing is rendered here; the publisher renders only the jobs whose inputs the
 * live version does not already have.
 */
export function planLanguage(snapshot: { site: SiteSnapshot; pages: ResolvedPage[] }, buildId: string, gridHash: (body: string) => string): LanguagePlan {
  const { grid, ...rest } = snapshot.site;
  const gridBody = JSON.stringify(grid);
  const gridPath = gridManifestPath(gridHash(gridBody));
  const site: PageSite = { ...rest, gridPath };
  // The not-found page and the screens never show the grid: a page edit that changes the grid manifest renders neither.
  const shellHash = inputHash(buildId, JSON.stringify(rest));
  const siteHash = inputHash(shellHash, gridPath);
  const { lang, defaultLanguage } = site;

  const renders: RenderJob[] = [];
  const data: DataFile[] = [{ path: gridPath, body: gridBody }];
  for (const page of snapshot.pages) {
    const cell = { column: page.columnIndex, row: page.row };
    const neighbourhood = neighbourhoodOf(grid, cell, site.swipeRedirection);
    const pageBody = JSON.stringify(page);
    data.push({ path: pageDataPath(lang, page.id), body: pageBody });
    const paths = [publicFileName(lang, defaultLanguage, page.position)];
    const customPath = grid[page.columnIndex]?.pages[page.row - 1]?.customPath;
    if (customPath) paths.push(customPathFileName(lang, defaultLanguage, customPath));
    renders.push({ paths, locals: { site, page, neighbourhood, assetOrigin: '' }, inputs: inputHash(siteHash, 'page', pageBody, JSON.stringify(neighbourhood)) });
  }
  renders.push({ paths: [notFoundFile(lang, defaultLanguage)], locals: { site, page: null, neighbourhood: null, assetOrigin: '' }, inputs: inputHash(shellHash, 'not-found') });
  for (const screen of VISITOR_SUB_PATHS) {
    renders.push({
      paths: [subPathFileName(lang, defaultLanguage, screen)],
      locals: { site, page: null, neighbourhood: null, screen, assetOrigin: '' },
      inputs: inputHash(shellHash, 'screen', screen),
    });
  }
  return { renders, data };
}
