import { type KeyboardEvent, useRef } from 'react';
import type { SiteView } from '../../api/types.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { gridCells, neighbourCell } from './grid-cells.ts';

/**
 * The site's grid as the visitor moves through it: a column per category (its name on top), a
 * thumbnail per page, the page being edited marked. A click picks a page; the arrow keys move
 * between neighbours like a swipe, and Enter picks. One cell is in the tab order (roving focus),
 * so the grid is one stop for the keyboard, not columns × rows of them.
 */
export function GridNavigator({ site, current, onPick, size = 'small' }: { site: SiteView; current?: string; onPick(pageId: string): void; size?: 'small' | 'large' }) {
  const { t } = useI18n();
  const columns = gridCells(site);
  const cells = useRef(new Map<string, HTMLButtonElement>());
  const focusable = current ?? columns[0]?.pages[0]?.id;
  const videos = new Set(site.media.filter((record) => record.kind === 'video').map((record) => record.id));
  const isVideo = (url: string) => [...videos].some((id) => url.endsWith(`/${id}`));
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, pageId: string) => {
    const next = neighbourCell(columns, pageId, event.key);
    if (!next) return;
    event.preventDefault();
    cells.current.get(next)?.focus();
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: a labelled group of page buttons laid out as the site's grid, not a form's fieldset.
    <div className={`grid-nav grid-nav-${size}`} role="group" aria-label={t('pages')} style={{ gridTemplateColumns: `repeat(${columns.length}, max-content)` }}>
      {columns.map((column) => (
        <div key={column.id} className="grid-nav-column">
          <div className="grid-nav-category" title={column.name}>
            {column.name || column.letters}
          </div>
          {column.pages.map((page) => {
            const image = page.detail.imageUrl;
            return (
              <button
                type="button"
                key={page.id}
                ref={(element) => {
                  if (element) cells.current.set(page.id, element);
                  else cells.current.delete(page.id);
                }}
                className="grid-nav-cell page-cell"
                tabIndex={page.id === focusable ? 0 : -1}
                aria-current={page.id === current ? 'page' : undefined}
                aria-label={[page.position, page.membersOnlyLock ? t('membersOnlyLock') : '', page.status === 'draft' ? t('status.draft') : ''].filter(Boolean).join(' · ')}
                data-position={page.position}
                onClick={() => onPick(page.id)}
                onKeyDown={(event) => onKeyDown(event, page.id)}
              >
                {/* A video page shows a play mark; an empty page only its position, below like every other. */}
                {image && !isVideo(image) && <img src={image} alt="" loading="lazy" />}
                {image && isVideo(image) && (
                  <span className="grid-nav-empty" aria-hidden="true">
                    ▶
                  </span>
                )}
                <small aria-hidden="true">
                  {page.position}
                  {page.membersOnlyLock && ' 🔒'}
                </small>
              </button>
            );
          })}
        </div>
      ))}
    </div>
  );
}
