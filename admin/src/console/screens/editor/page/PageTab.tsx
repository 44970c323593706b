import { useI18n } from '../../../i18n/i18n.tsx';
import { useEditorSite } from '../editor-context.tsx';
import { PageForm } from './PageForm.tsx';
import { allPages } from './site-pages.ts';

/** Creative detail (spec §2, §3): the page picked, edited in its form. */
export function PageTab({ pageId, onPick }: { pageId: string | undefined; onPick(id: string): void }) {
  const { site } = useEditorSite();
  const { t } = useI18n();
  const pages = allPages(site);
  const page = pages.find((candidate) => candidate.id === pageId) ?? pages[0];
  if (!page) return null;
  return (
    <div className="stack">
      <label className="inline">
        {t('page')}{' '}
        <select aria-label={t('page')} value={page.id} onChange={(event) => onPick(event.target.value)}>
          {pages.map((candidate) => (
            <option key={candidate.id} value={candidate.id}>
              {candidate.position}
            </option>
          ))}
        </select>
      </label>
      <PageForm key={page.id} page={page} />
    </div>
  );
}
