import type { Destination } from '../../../model/destination.ts';
import type { ResolvedPage, SiteSnapshot } from '../../../model/snapshot.ts';
import PageView from './PageView.tsx';
import { isNear, restingRow, type Cell } from './navigation.ts';

type Props = {
  site: SiteSnapshot;
  index: number;
  current: Cell;
  pages: Record<string, ResolvedPage>;
  initial: Cell;
  onNavigate: (destination: Destination) => void;
};

/**
 * One category: its pages stacked one above the other, each placed at its row, the column moved
 * to its resting row. Only the rows a move can reach are in the document (the resting row and
 * the ones above and below it), so a column costs the same on a grid of any height. Only the
 * current column animates; the others jump, out of sight, to where a sideways swipe would land.
 */
export default function CategoryColumn({ site, index, current, pages, initial, onNavigate }: Props) {
  const column = site.grid[index]!;
  const row = restingRow(site, current, index);
  const shown = column.pages.filter((gridPage) => gridPage !== undefined && Math.abs(gridPage.row - row) <= 1);
  const initialId = site.grid[initial.column]?.pages[initial.row - 1]?.id;
  return (
    <div className="sg-column" style={{ left: `${index * 100}%` }}>
      <div className={index === current.column ? 'sg-rows sg-moving' : 'sg-rows'} data-column={index} style={{ transform: `translate3d(0,${-(row - 1) * 100}%,0)` }}>
        {shown.map((gridPage) => (
          <div key={gridPage.id} className="sg-row" style={{ top: `${(gridPage.row - 1) * 100}%` }}>
            <PageView
              page={pages[gridPage.id]}
              thumbnail={gridPage.thumbnail}
              lang={site.lang}
              priority={gridPage.id === initialId}
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
