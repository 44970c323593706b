import { useCallback, useRef, useState } from 'react';
import type { GridColumn } from '../../../model/snapshot.ts';
import { createThrottle } from './gesture.ts';
import { nextCell, type Cell, type Direction } from './navigation.ts';

/**
 * The visitor's cell in the grid and the two ways to change it, as `[current, moveTo, move]`:
 * a jump to a cell, and a step in a direction, which the grid may block and which is throttled so
 * one gesture (a wheel's burst of events) is one move. The stage follows `current` with a CSS
 * transition (viewer.css), so a move needs no slider library. `onStep` hears each step taken
 * (`moved`) or refused at the grid's edge (analytics' moves and exits).
 */
export function useGridMoves(site: { grid: GridColumn[]; swipeRedirection: boolean }, initial: Cell, onStep?: (direction: Direction, moved: boolean) => void) {
  const [current, setCurrent] = useState<Cell>(initial);
  const throttle = useRef(createThrottle()).current;

  const moveTo = useCallback((cell: Cell) => setCurrent(cell), []);

  const move = useCallback(
    (direction: Direction) => {
      const target = nextCell(site.grid, current, direction, site.swipeRedirection);
      if (!target) onStep?.(direction, false);
      else if (throttle()) {
        onStep?.(direction, true);
        moveTo(target);
      }
    },
    [site, current, moveTo, throttle, onStep],
  );

  return [current, moveTo, move] as const;
}
