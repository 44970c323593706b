import { REFERENCE_VIEWPORT } from '../../../../../../model/constants.ts';

/** An item's box on the reference viewport; a product point has a place and a fixed marker size. */
export type Box = { x: number; y: number; w: number; h: number };

const { width: STAGE_W, height: STAGE_H } = REFERENCE_VIEWPORT;
const MIN_SIZE = 8;

const clamp = (value: number, min: number, max: number) => Math.round(Math.min(Math.max(value, min), Math.max(min, max)));

/**
 * Where a box may be: inside the stage, at least 8 px wide and high, no wider or higher than the
 * room left (spec §5 caps an item's size at the container's). A point (no size of its own) may
 * sit up to the stage's edge.
 */
export function placeBox(box: Box, sized: boolean): Box {
  const x = clamp(box.x, 0, STAGE_W - (sized ? box.w : 0));
  const y = clamp(box.y, 0, STAGE_H - (sized ? box.h : 0));
  if (!sized) return { ...box, x, y };
  return { x, y, w: clamp(box.w, MIN_SIZE, STAGE_W - x), h: clamp(box.h, MIN_SIZE, STAGE_H - y) };
}

const ARROWS: Readonly<Record<string, readonly [number, number]>> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

/**
 * The box after an arrow key: moved 1 px, 10 px with Shift; with Alt a sized box grows or
 * shrinks instead. Null for any other key.
 * @example nudgeBox({ x: 10, y: 10, w: 50, h: 20 }, { key: 'ArrowRight', shiftKey: true, altKey: false }, true) // { x: 20, y: 10, w: 50, h: 20 }
 */
export function nudgeBox(box: Box, key: { key: string; shiftKey: boolean; altKey: boolean }, sized: boolean): Box | null {
  const arrow = ARROWS[key.key];
  if (!arrow) return null;
  const step = key.shiftKey ? 10 : 1;
  const [dx, dy] = [arrow[0] * step, arrow[1] * step];
  return placeBox(key.altKey && sized ? { ...box, w: box.w + dx, h: box.h + dy } : { ...box, x: box.x + dx, y: box.y + dy }, sized);
}
