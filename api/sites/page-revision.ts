import { createHash } from 'node:crypto';
import type { PageContent } from '../../model/page.ts';
import type { Translations } from '../../model/translation.ts';

/**
 * What a page's stored draft is now, in every language, as a short hash. The editor sends the
 * revision it started from with a save; a save from a stale revision is refused instead of
 * silently overwriting what another tab or another admin wrote meanwhile. A hash of the content
 * rather than a counter needs no column and no migration, and a write that changed nothing
 * leaves other editors' revisions valid.
 * @example pageRevision(content, translations) // 'a3f09c1d2b7e4f60'
 */
export function pageRevision(content: PageContent, translations: Translations): string {
  return createHash('sha256')
    .update(JSON.stringify([content, translations]))
    .digest('hex')
    .slice(0, 16);
}
