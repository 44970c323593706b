import { useCallback, useEffect, useMemo, useRef, type MouseEvent } from 'react';
import type { Destination } from '../../../model/destination.ts';
import type { GridPage, SiteSnapshot } from '../../../model/snapshot.ts';
import AlbumButton from './AlbumButton.tsx';
import CategoryColumn from './CategoryColumn.tsx';
import LanguageSelect from './LanguageSelect.tsx';
import MemberLogout from './MemberLogout.tsx';
import MusicToggle from './MusicToggle.tsx';
import SiteExtras from './SiteExtras.tsx';
import ViewerErrorBoundary from './ViewerErrorBoundary.tsx';
import { useAddressSync } from './address-sync.ts';
import { useChatbotScript } from './chatbot-script.ts';
import { useCanvasPages } from './canvas-mode.ts';
import { shownButtons } from './cta-rules.ts';
import { followDestination } from './follow-destination.ts';
import { useGridMoves } from './grid-moves.ts';
import { useGrid } from './grid-source.ts';
import { globalMenuVisible } from './layout-rules.ts';
import { isLandable, pageAt, type Cell } from './navigation.ts';
import { usePageCache } from './page-cache.ts';
import { useSwipeInput } from './swipe-input.ts';
import { t } from './i18n.ts';
import { readViewerData, ServerViewerData, type ViewerData } from './viewer-data.ts';
import { arrive, land, noteSwipe } from './visit-tracking.ts';

/** On the server, the page's data; in the browser, the `{}` Astro's props hold in its place (viewer-data.ts). */
type Props = { data: ServerViewerData | Record<string, never> };

/** What view-only mode leaves inert (V §5 "a button click is ignored in view-only mode"): every button and link area of the owner's content, their own HTML's links included. */
const INERT = '.sg-cta, .sg-link-area, .sg-link-button, .sg-product-point, .sg-popup-action, .sg-campaign a, .sg-campaign button';

function ignoreInertClick(event: MouseEvent<HTMLDivElement>) {
  if (event.target instanceof Element && event.target.closest(INERT)) {
    event.preventDefault();
    event.stopPropagation();
  }
}

/** The swipe viewer, its error screen in its place if it fails. */
export default function Viewer({ data }: Props) {
  const viewerData = useMemo(() => (data instanceof ServerViewerData ? data.data : readViewerData()), [data]);
  return (
    <ViewerErrorBoundary lang={viewerData.site.lang}>
      <SwipeViewer {...viewerData} />
    </ViewerErrorBoundary>
  );
}

/** Analytics of the visitor's path: the first page shown is the landing, each page after it a move. */
function useVisitTracking(site: SiteSnapshot, gridPage: GridPage | undefined) {
  const landed = useRef(false);
  useEffect(() => {
    if (!gridPage) return;
    const place = { cell: gridPage.position, pageId: gridPage.id };
    if (landed.current) arrive(place);
    else land({ siteId: site.siteId, lang: site.lang, cookieless: site.cookieless }, place);
    landed.current = true;
  }, [gridPage, site.siteId, site.lang, site.cookieless]);
}

/**
 * Categories side by side, their pages one above the other. Only the columns next to the current
 * one are in the document, each placed at its index, so the stage's size is the same on any grid;
 * the whole grid arrives after the first paint (grid-source.ts).
 */
function SwipeViewer({ site: pageSite, initialPage, neighbourhood, viewOnly }: ViewerData) {
  const initial = useRef<Cell>({ column: initialPage.columnIndex, row: initialPage.row }).current;
  const { grid, complete, load } = useGrid(pageSite, neighbourhood);
  const site = useMemo<SiteSnapshot>(() => ({ ...pageSite, grid }), [pageSite, grid]);
  const [current, moveTo, move] = useGridMoves(site, initial, noteSwipe);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a move is what retries a grid manifest that failed to load.
  useEffect(() => {
    if (!complete) load();
  }, [current, complete, load]);
  const cached = usePageCache(site, initialPage, current);
  useAddressSync(site, current);
  const swipe = useSwipeInput(move);
  const navigate = useCallback(
    (destination: Destination) => {
      if (!viewOnly) followDestination(destination, site, current, moveTo);
    },
    [site, current, moveTo, viewOnly],
  );

  const column = site.grid[current.column];
  const gridPage = pageAt(site.grid, current);
  useVisitTracking(site, gridPage);
  const pages = useCanvasPages(cached, gridPage?.id, site.basePath);
  const currentPage = pages[gridPage?.id ?? ''];
  const currentContent = currentPage?.content ?? null;
  useChatbotScript(gridPage?.id, currentContent?.chatbotScript);
  const showMenu = globalMenuVisible(site.displayGlobalMenu, site.grid.length, shownButtons(currentContent?.buttons ?? []).length);
  return (
    <div
      className={`sg-viewer sg-view-${site.viewMode.toLowerCase()}`}
      style={{ background: site.safeAreaColor }}
      data-view-only={viewOnly}
      onClickCapture={viewOnly ? ignoreInertClick : undefined}
      {...swipe}
    >
      {viewOnly && (
        <p className="sg-view-only" role="status">
          {t('viewOnly', site.lang)}
        </p>
      )}
      <header className="sg-header">
        {site.logo ? <img className="sg-logo" src={site.logo.src} alt={site.name} height={32} /> : <span className="sg-site-name">{site.name}</span>}
        <div className="sg-header-end">
          <MemberLogout site={site} />
          {site.displayLanguageIcon && site.languages.length > 1 && <LanguageSelect site={site} position={gridPage?.position} />}
        </div>
      </header>
      {showMenu && (
        <nav className="sg-menu" aria-label={t('categoryMenu', site.lang)} style={{ background: site.globalMenuBackgroundColor, color: site.globalMenuTextColor }}>
          {site.grid.map((category, index) => (
            <button
              // By index: the columns' ids arrive with the grid manifest, after the first paint.
              // biome-ignore lint/suspicious/noArrayIndexKey: the columns never move while a page is open.
              key={index}
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
      <div className="sg-columns">
        <div className="sg-track" style={{ transform: `translate3d(${-current.column * 100}%,0,0)` }}>
          {site.grid.map(
            (_, index) =>
              Math.abs(index - current.column) <= 1 && (
                // biome-ignore lint/suspicious/noArrayIndexKey: by index, as the menu's tabs: the columns' ids arrive after the first paint.
                <CategoryColumn key={index} site={site} index={index} current={current} pages={pages} initial={initial} onNavigate={navigate} />
              ),
          )}
        </div>
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
