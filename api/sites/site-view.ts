import { creativeName, type SiteDraft } from '../../model/draft.ts';
import type { Language } from '../../model/language.ts';
import { columnLetters, formatPosition } from '../../model/position.ts';
import type { SiteView } from '../../model/site-view.ts';
import { applySiteText, resolvePageText } from '../../model/translation.ts';
import { pageRevision } from './page-revision.ts';

/** The draft as the site editor reads it in one language: every text resolved, every page with its position. */
export function toSiteView(draft: SiteDraft, lang: Language, extra: { liveVersion: number | null }): SiteView {
  const { defaultLanguage } = draft.settings;
  const settings = lang === defaultLanguage ? draft.settings : applySiteText(draft.settings, draft.translations[lang]);
  return {
    id: draft.id,
    status: draft.status,
    lang,
    liveVersion: extra.liveVersion,
    settings,
    creatives: draft.creatives.map((creative) => ({
      id: creative.id,
      columnIndex: creative.columnIndex,
      letters: columnLetters(creative.columnIndex),
      name: creativeName(creative, lang, defaultLanguage),
      pages: creative.pages.map((page) => ({
        id: page.id,
        row: page.row,
        position: formatPosition(creative.columnIndex, page.row),
        revision: pageRevision(page.content, page.translations),
        ...resolvePageText(page.content, page.translations, lang, defaultLanguage),
      })),
    })),
    media: draft.media,
  };
}
