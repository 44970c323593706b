import type { Destination } from '../../../model/destination.ts';
import { parsePosition } from '../../../model/position.ts';
import type { SiteSnapshot } from '../../../model/snapshot.ts';
import { pathFor } from './address.ts';
import { pageAt, type Cell } from './navigation.ts';

/**
 * Carries out a click's destination from the visitor's cell; the only place that reads one. A page
 * or position outside the grid does nothing. The owner's script runs here, on the site's own
 * origin, never the admin's; its failure is the owner's and must not break the viewer.
 */
export function followDestination(destination: Destination, site: SiteSnapshot, current: Cell, moveTo: (cell: Cell) => void): void {
  switch (destination.kind) {
    case 'page': {
      const cell = { column: current.column, row: destination.order };
      if (pageAt(site.grid, cell)) moveTo(cell);
      return;
    }
    case 'position': {
      const target = parsePosition(destination.code);
      const cell = target && { column: target.columnIndex, row: target.row };
      if (cell && pageAt(site.grid, cell)) moveTo(cell);
      return;
    }
    case 'screen':
      window.location.assign(pathFor(site, { subPath: destination.screen }, window.location.search));
      return;
    case 'survey':
      window.location.assign(pathFor(site, { subPath: 'survey' }, `?survey_id=${encodeURIComponent(destination.surveyId)}`));
      return;
    case 'external':
      window.open(destination.url, '_blank', 'noopener');
      return;
    case 'script':
      try {
        // eslint-disable-next-line no-new-func -- running the owner's script on the owner's own site is the feature.
        new Function(destination.source)();
      } catch (error) {
        console.error('The button script failed:', error);
      }
      return;
  }
  destination satisfies never;
}
