import type { Language } from '../../model/language.ts';
import type { SiteView } from '../../model/site-view.ts';
import type { Db } from '../db/open-database.ts';
import { loadSiteDraft } from './load-site-draft.ts';
import type { SiteRow } from './find-site.ts';
import { toSiteView } from './site-view.ts';

/** The site's draft as the editor reads it in `lang`, as it stands in the database now. */
export async function getSiteView(db: Db, site: Pick<SiteRow, 'id' | 'liveVersion'>, lang: Language): Promise<SiteView> {
  return toSiteView(await loadSiteDraft(db, site.id), lang, { liveVersion: site.liveVersion });
}
