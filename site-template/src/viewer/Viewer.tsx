import { useCallback, useRef } from 'react';
import type { Destination } from '../../../model/destination.ts';
import type { ResolvedPage, SiteSnapshot } from '../../../model/snapshot.ts';
import AlbumButton from './AlbumButton.tsx';
import CategoryColumn from './CategoryColumn.tsx';
import LanguageSelect from './LanguageSelect.tsx';
import MusicToggle from './MusicToggle.tsx';
import SiteExtras from './SiteExtras.tsx';
import { useAddressSync } from './address-sync.ts';
import { useCanvasPages } from './canvas-mode.ts';
import { shownButtons } from './cta-rules.ts';
import { followDestination } from './follow-destination.ts';
import { useGridMoves } from './grid-moves.ts';
import { globalMenuVisible } from './layout-rules.ts';
import { isLandable, pageAt, type Cell } from './navigation.ts';
import { usePageCache } from './page-cache.ts';
import { useSwipeInput } from './swipe-input.ts';

type Props = { site: SiteSnapshot; initialPage: ResolvedPage };

/** The swipe viewer: categories side by side, their pages one above the other. */
export default function Viewer({ site, initialPage }: Props) {
  const initial = useRef<Cell>({ column: initialPage.columnIndex, row: initialPage.row }).current;
  const [current, moveTo, move, rootRef] = useGridMoves(site, initial);
  const cached = usePageCache(site, initialPage, current);
  useAddressSync(site, current);
  const swipe = useSwipeInput(move);
  const navigate = useCallback((destination: Destination) => followDestination(destination, site, current, moveTo), [site, current, moveTo]);

  const column = site.grid[current.column];
  const gridPage = pageAt(site.grid, current);
  const pages = useCanvasPages(cached, gridPage?.id);
  const currentPage = pages[gridPage?.id ?? ''];
  const currentContent = currentPage?.content ?? null;
  const showMenu = globalMenuVisible(site.displayGlobalMenu, site.grid.length, shownButtons(currentContent?.buttons ?? []).length);
  return (
    <div className={`sg-viewer sg-view-${site.viewMode.toLowerCase()}`} style={{ background: site.safeAreaColor }} {...swipe}>
      <header className="sg-header">
        {site.logo ? <img className="sg-logo" src={site.logo.src} alt={site.name} height={32} /> : <span className="sg-site-name">{site.name}</span>}
        {site.displayLanguageIcon && site.languages.length > 1 && <LanguageSelect site={site} position={gridPage?.position} />}
      </header>
      {showMenu && (
        <nav className="sg-menu" style={{ background: site.globalMenuBackgroundColor, color: site.globalMenuTextColor }}>
          {site.grid.map((category, index) => (
            <button
              key={category.id}
              type="button"
              className={index === current.column ? 'sg-menu-item sg-menu-current' : 'sg-menu-item'}
              aria-current={index === current.column}
              onClick={() => {
                const row = category.pages.find(isLandable)?.row;
                if (row) moveTo({ column: index, row });
              }}
            >
              {category.name}
            </button>
          ))}
        </nav>
      )}
      <div ref={rootRef} className="keen-slider sg-columns">
        {site.grid.map((category, index) => (
          <CategoryColumn key={category.id} site={site} index={index} current={current} pages={pages} initial={initial} onNavigate={navigate} />
        ))}
      </div>
      {site.displayPageCount && column && (
        <p className="sg-counter" aria-live="polite">
          {current.row} / {column.pages.length}
        </p>
      )}
      <MusicToggle src={currentContent?.backgroundMusic} x={currentContent?.detail.speakerX ?? null} y={currentContent?.detail.speakerY ?? null} color={site.speakerColor} lang={site.lang} />
      <SiteExtras site={site} gridPage={gridPage} page={currentPage} onNavigate={navigate} />
      {site.displayAlbum && <AlbumButton site={site} x={currentContent?.detail.albumX ?? null} y={currentContent?.detail.albumY ?? null} current={current} onJump={moveTo} />}
    </div>
  );
}
