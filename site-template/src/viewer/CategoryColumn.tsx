import { useEffect } from 'react';
import { useKeenSlider } from 'keen-slider/react.es.js';
import type { Destination } from '../../../model/destination.ts';
import type { ResolvedPage, SiteSnapshot } from '../../../model/snapshot.ts';
import PageView from './PageView.tsx';
import { isNear, pageAt, restingRow, type Cell } from './navigation.ts';
import { SLIDE_ANIMATION } from './slide-animation.ts';

type Props = {
  site: SiteSnapshot;
  index: number;
  current: Cell;
  pages: Record<string, ResolvedPage>;
  initial: Cell;
  onNavigate: (destination: Destination) => void;
};

/**
 * One category: its pages stacked in a vertical slider. Only the current column animates to its
 * row; the others jump, out of sight, to where a sideways swipe would land. The server render
 * places every slide with a transform for the first cell, so the first paint needs no script.
 */
export default function CategoryColumn({ site, index, current, pages, initial, onNavigate }: Props) {
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
