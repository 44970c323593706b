import { useCallback, useEffect, useRef, useState } from 'react';
import { gridFromNeighbourhood } from '../../../model/grid-manifest.ts';
import type { GridColumn, GridNeighbourhood, PageSite } from '../../../model/snapshot.ts';

/**
 * The grid the viewer navigates: first the neighbourhood the page's HTML carries, then the
 * language's whole grid manifest, fetched once the viewer runs (one immutable file shared by every
 * page, so usually from the cache). After a failed fetch, `load` tries again (the viewer calls it
 * on the visitor's next move).
 */
export function useGrid(site: PageSite, neighbourhood: GridNeighbourhood): { grid: GridColumn[]; complete: boolean; load: () => void } {
  const [state, setState] = useState(() => ({ grid: gridFromNeighbourhood(neighbourhood), complete: false }));
  const started = useRef(false);
  const load = useCallback(() => {
    if (started.current) return;
    started.current = true;
    fetch(`${site.basePath}${site.gridPath}`)
      .then((response) => (response.ok ? (response.json() as Promise<GridColumn[]>) : Promise.reject(response)))
      .then((grid) => setState({ grid, complete: true }))
      .catch(() => {
        started.current = false;
      });
  }, [site]);
  useEffect(load, [load]);
  return { ...state, load };
}
