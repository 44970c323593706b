import { useCallback, useEffect, useRef, useState } from 'react';
import { useKeenSlider } from 'keen-slider/react.es.js';
import { ADDRESS_REPLACE_DELAY_MS, LANG_COOKIE_MAX_AGE_S } from '../../../model/constants.ts';
import type { Destination } from '../../../model/destination.ts';
import { LANGUAGES, type Language } from '../../../model/language.ts';
import type { GridColumn, ResolvedPage, SiteSnapshot } from '../../../model/snapshot.ts';
import AlbumButton from './AlbumButton.tsx';
import MusicToggle from './MusicToggle.tsx';
import PageView from './PageView.tsx';
import SiteExtras from './SiteExtras.tsx';
import { dataUrl, pathFor } from './address.ts';
import { shownButtons } from './cta-rules.ts';
import { followDestination } from './follow-destination.ts';
import { createThrottle, swipeDirection } from './gesture.ts';
import { LANGUAGE_NAMES, t } from './i18n.ts';
import { globalMenuVisible } from './layout-rules.ts';
import { useMemberPages } from './member-pages.ts';
import { isNear, nextCell, pageAt, type Cell, type Direction } from './navigation.ts';

type Props = { site: SiteSnapshot; initialPage: ResolvedPage };
type PageCache = Record<string, ResolvedPage>;

const SLIDE_ANIMATION = { duration: 400, easing: (x: number) => 1 - Math.pow(1 - x, 3) };

/** The row a column shows while it is not the current one: where a sideways swipe would land. */
function restingRow(site: SiteSnapshot, current: Cell, column: number): number {
  if (column === current.column) return current.row;
  const direction: Direction = column > current.column ? 'right' : 'left';
  if (Math.abs(column - current.column) === 1) return nextCell(site.grid, current, direction, site.swipeRedirection)?.row ?? current.row;
  return 1;
}

function Column(props: { site: SiteSnapshot; index: number; current: Cell; pages: PageCache; initial: Cell; onNavigate: (destination: Destination) => void }) {
  const { site, index, current, pages, initial, onNavigate } = props;
  const column = site.grid[index]!;
  const row = restingRow(site, current, index);
  const initialRow = restingRow(site, initial, index);
  const [ref, slider] = useKeenSlider<HTMLDivElement>({ vertical: true, drag: false, initial: initialRow - 1, rubberband: false, selector: ':scope > .sg-row' });
  useEffect(() => {
    slider.current?.moveToIdx(row - 1, true, index === current.column ? SLIDE_ANIMATION : { duration: 0 });
  }, [row, index, current.column, slider]);
  return (
    <div className="keen-slider__slide sg-column" style={{ transform: `translate3d(${-initial.column * 100}%,0,0)` }}>
      <div ref={ref} className="keen-slider sg-rows" data-column={index}>
        {column.pages.map((gridPage) => (
          <div key={gridPage.id} className="keen-slider__slide sg-row" style={{ transform: `translate3d(0,${-(initialRow - 1) * 100}%,0)` }}>
            <PageView
              page={pages[gridPage.id]}
              thumbnail={gridPage.thumbnail}
              lang={site.lang}
              priority={gridPage.id === pageAt(site.grid, initial)?.id}
              full={isNear(current, { column: index, row: gridPage.row })}
              onNavigate={onNavigate}
              site={site}
              hasBelow={gridPage.row < column.pages.length}
            />
          </div>
        ))}
      </div>
    </div>
  );
}

/** The swipe viewer: categories side by side, their pages one above the other. */
export default function Viewer({ site, initialPage }: Props) {
  const initial = useRef<Cell>({ column: initialPage.columnIndex, row: initialPage.row }).current;
  const [current, setCurrent] = useState<Cell>(initial);
  const [pages, setPages] = useState<PageCache>({ [initialPage.id]: initialPage });
  const requested = useRef(new Set<string>([initialPage.id]));
  const throttle = useRef(createThrottle()).current;
  const pointer = useRef<{ x: number; y: number; at: number } | null>(null);
  // Scoped selectors: keen-slider's default would also take the nested row slides as columns.
  const [rootRef, slider] = useKeenSlider<HTMLDivElement>({ drag: false, initial: initial.column, rubberband: false, selector: ':scope > .sg-column' });

  const load = useCallback((pageId: string) => {
    if (requested.current.has(pageId)) return;
    requested.current.add(pageId);
    fetch(dataUrl(site, pageId))
      .then((response) => (response.ok ? (response.json() as Promise<ResolvedPage>) : Promise.reject(new Error(response.statusText))))
      .then((page) => setPages((cache) => ({ ...cache, [page.id]: page })))
      .catch(() => requested.current.delete(pageId));
  }, [site]);
  useMemberPages(site, pages, setPages);

  // Neighbours are fetched ahead so a swipe shows a page at once (spec §4).
  useEffect(() => {
    const around: Cell[] = [current, { ...current, row: current.row - 1 }, { ...current, row: current.row + 1 }];
    for (const column of [current.column - 1, current.column + 1]) around.push({ column, row: restingRow(site, current, column) });
    for (const cell of around) {
      const gridPage = pageAt(site.grid, cell);
      if (gridPage) load(gridPage.id);
    }
  }, [current, site, load]);

  // The address follows the position, replaced (not pushed) once the move has settled (spec §2).
  useEffect(() => {
    const gridPage = pageAt(site.grid, current);
    if (!gridPage) return;
    const timer = setTimeout(() => {
      const path = pathFor(site, { position: gridPage.position, customPath: gridPage.customPath }, window.location.search);
      if (path !== window.location.pathname + window.location.search) history.replaceState(history.state, '', path);
      document.cookie = `position_tab=${gridPage.position}; path=/; max-age=${LANG_COOKIE_MAX_AGE_S}; samesite=lax`;
    }, ADDRESS_REPLACE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [current, site]);

  const moveTo = useCallback((cell: Cell) => {
    setCurrent(cell);
    slider.current?.moveToIdx(cell.column, true, SLIDE_ANIMATION);
  }, [slider]);

  const move = useCallback((direction: Direction) => {
    const target = nextCell(site.grid, current, direction, site.swipeRedirection);
    if (target && throttle()) moveTo(target);
  }, [site, current, moveTo, throttle]);

  useEffect(() => {
    const keys: Record<string, Direction> = { ArrowLeft: 'left', ArrowRight: 'right', ArrowUp: 'up', ArrowDown: 'down' };
    const onKey = (event: KeyboardEvent) => {
      const direction = keys[event.key];
      if (!direction || (event.target as HTMLElement | null)?.closest('input, textarea, select')) return;
      event.preventDefault();
      move(direction);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [move]);

  const navigate = useCallback((destination: Destination) => followDestination(destination, { site, current, moveTo }), [site, current, moveTo]);

  const switchLanguage = (lang: Language) => {
    document.cookie = `lang=${lang}; path=/; max-age=${LANG_COOKIE_MAX_AGE_S}; samesite=lax`;
    localStorage.setItem('selectedLanguage', lang);
    localStorage.setItem('user_lang', lang);
    const gridPage = pageAt(site.grid, current);
    window.location.assign(pathFor(site, { lang, position: gridPage?.position }, window.location.search));
  };

  const column = site.grid[current.column];
  const currentPage = pages[pageAt(site.grid, current)?.id ?? ''];
  const currentContent = currentPage?.content ?? null;
  const showMenu = globalMenuVisible(site.displayGlobalMenu, site.grid.length, shownButtons(currentContent?.buttons ?? []).length);
  return (
    <div
      className={`sg-viewer sg-view-${site.viewMode.toLowerCase()}`}
      style={{ background: site.safeAreaColor }}
      onPointerDown={(event) => { pointer.current = { x: event.clientX, y: event.clientY, at: event.timeStamp }; }}
      onPointerUp={(event) => {
        const start = pointer.current;
        pointer.current = null;
        if (!start) return;
        const drag = { durationMs: event.timeStamp - start.at, width: window.innerWidth, height: window.innerHeight };
        const direction = swipeDirection(event.clientX - start.x, event.clientY - start.y, drag);
        if (direction) move(direction);
      }}
      onPointerCancel={() => { pointer.current = null; }}
      onWheel={(event) => {
        if (Math.abs(event.deltaY) > Math.abs(event.deltaX)) move(event.deltaY > 0 ? 'down' : 'up');
        else if (Math.abs(event.deltaX) > 0) move(event.deltaX > 0 ? 'right' : 'left');
      }}
    >
      <header className="sg-header">
        {site.logo ? <img className="sg-logo" src={site.logo.src} alt={site.name} height={32} /> : <span className="sg-site-name">{site.name}</span>}
        {site.displayLanguageIcon && site.languages.length > 1 && (
          <select className="sg-language" aria-label={t('language', site.lang)} value={site.lang} onChange={(event) => switchLanguage(event.target.value as Language)}>
            {LANGUAGES.filter((lang) => site.languages.includes(lang)).map((lang) => <option key={lang} value={lang}>{LANGUAGE_NAMES[lang]}</option>)}
          </select>
        )}
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
                const row = category.pages.find((page) => page.hasImage || page.locked)?.row;
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
          <Column key={category.id} site={site} index={index} current={current} pages={pages} initial={initial} onNavigate={navigate} />
        ))}
      </div>
      {site.displayPageCount && column && (
        <p className="sg-counter" aria-live="polite">{current.row} / {column.pages.length}</p>
      )}
      <MusicToggle src={currentContent?.backgroundMusic} x={currentContent?.detail.speakerX ?? null} y={currentContent?.detail.speakerY ?? null} color={site.speakerColor} lang={site.lang} />
      <SiteExtras site={site} gridPage={pageAt(site.grid, current)} page={currentPage} onNavigate={navigate} />
      {site.displayAlbum && <AlbumButton site={site} x={currentContent?.detail.albumX ?? null} y={currentContent?.detail.albumY ?? null} current={current} onJump={moveTo} />}
    </div>
  );
}
