import { useLayoutEffect, useRef, useState } from 'react';
import type { SiteSnapshot } from '../../../model/snapshot.ts';
import Overlay from './Overlay.tsx';
import { t } from './i18n.ts';
import { albumLayout } from './layout-rules.ts';
import type { Cell } from './navigation.ts';

type Props = { site: SiteSnapshot; current: Cell; onClose: () => void; onJump: (cell: Cell) => void };

/**
 * The album: every page of the site as a thumbnail, category by category, laid out by the grid
 * rule (spec §9); a tap jumps to that page. Pages a swipe could not enter (no image, no lock) are shown but inert.
 */
export default function AlbumOverlay({ site, current, onClose, onJump }: Props) {
  const body = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const measure = () => setWidth(body.current?.clientWidth ?? 0);
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, []);
  const layout = albumLayout(width, site.viewMode === 'PC');
  return (
    <Overlay label={t('album', site.lang)} lang={site.lang} onClose={onClose} className="sg-album" header={<h2>{t('album', site.lang)}</h2>}>
      <div ref={body} className="sg-dialog-body">
        {width > 0 &&
          site.grid.map((category, column) => (
            <section key={category.id} className="sg-album-category">
              {site.grid.length > 1 && <h3>{category.name}</h3>}
              <ol className="sg-album-grid" style={{ gridTemplateColumns: `repeat(${layout.columns}, ${layout.cellWidth}px)` }}>
                {category.pages
                  .filter((page) => !page.unpublished)
                  .map((page) => {
                    const landable = page.hasImage || page.locked;
                    const isCurrent = column === current.column && page.row === current.row;
                    return (
                      <li key={page.id}>
                        <button
                          type="button"
                          className="sg-album-cell"
                          data-position={page.position}
                          aria-current={isCurrent || undefined}
                          aria-label={`${t('goToPage', site.lang)} ${page.position}`}
                          disabled={!landable}
                          style={{ width: layout.cellWidth, height: layout.cellHeight, backgroundImage: page.thumbnail ? `url("${page.thumbnail}")` : undefined }}
                          onClick={() => onJump({ column, row: page.row })}
                        >
                          {!page.thumbnail && <span>{page.locked ? t('membersOnly', site.lang) : t('noMedia', site.lang)}</span>}
                        </button>
                      </li>
                    );
                  })}
              </ol>
            </section>
          ))}
      </div>
    </Overlay>
  );
}
