import type { SiteSnapshot } from '../model/snapshot.ts';
import { subPathFileName, VISITOR_SUB_PATHS } from '../model/visitor-path.ts';
import type { Renderer } from './renderer.ts';

/**
 * The visitor screens of one language (register, login, contact, forms, their success screens,
 * survey), each at its sub-path. They are shells: forms, company info and scripts are read from
 * the visitor API when a visitor opens them, so a settings change needs no republish.
 *
 * @example for (const { path, html } of await renderScreens(renderer, site)) files.set(path, html);
 */
export async function renderScreens(renderer: Renderer, site: SiteSnapshot): Promise<{ path: string; html: string }[]> {
  const screens = [];
  for (const screen of VISITOR_SUB_PATHS) {
    const { html } = await renderer.renderPage({ site, page: null, screen, assetOrigin: '' });
    screens.push({ path: subPathFileName(site.lang, site.defaultLanguage, screen), html });
  }
  return screens;
}
