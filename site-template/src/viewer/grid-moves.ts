import { useCallback, useRef, useState } from 'react';
import { useKeenSlider } from 'keen-slider/react.es.js';
import type { SiteSnapshot } from '../../../model/snapshot.ts';
import { createThrottle } from './gesture.ts';
import { nextCell, type Cell, type Direction } from './navigation.ts';
import { SLIDE_ANIMATION } from './slide-animation.ts';

/**
 * The visitor's cell in the grid and the two ways to change it, as `[current, moveTo, move, rootRef]`:
 * a jump to a cell, and a step in a direction, which the grid may block and which is throttled so
 * one gesture (a wheel's burst of events) is one move. rootRef goes on the category slider, which
 * follows every move.
 */
export function useGridMoves(site: SiteSnapshot, initial: Cell) {
  const [current, setCurrent] = useState<Cell>(initial);
  const throttle = useRef(createThrottle()).current;
  // Scoped selector: keen-slider's default would also take the nested row slides as columns.
  const [rootRef, slider] = useKeenSlider<HTMLDivElement>({ drag: false, initial: initial.column, rubberband: false, selector: ':scope > .sg-column' });

  const moveTo = useCallback(
    (cell: Cell) => {
      setCurrent(cell);
      slider.current?.moveToIdx(cell.column, true, SLIDE_ANIMATION);
    },
    [slider],
  );

  const move = useCallback(
    (direction: Direction) => {
      const target = nextCell(site.grid, current, direction, site.swipeRedirection);
      if (target && throttle()) moveTo(target);
    },
    [site, current, moveTo, throttle],
  );

  return [current, moveTo, move, rootRef] as const;
}
