import { REFERENCE_VIEWPORT } from './constants.ts';

/** A box on the page in reference pixels (REFERENCE_VIEWPORT). */
export type Box = { left: number; top: number; width: number; height: number };

/**
 * Where the viewer draws the next-page arrow on the reference viewport: centred, its bottom
 * 104 px above the page's (site-template/src/viewer/viewer.css, `.sg-arrow`), 32 px square.
 */
export const ARROW_HINT_BOX: Box = { left: REFERENCE_VIEWPORT.width / 2 - 16, top: REFERENCE_VIEWPORT.height - 104 - 32, width: 32, height: 32 };

/** Room kept around every box, so a new item never touches another (and the arrow's bounce). */
const GAP = 12;

function overlaps(a: Box, b: Box): boolean {
  return a.left < b.left + b.width + GAP && b.left < a.left + a.width + GAP && a.top < b.top + b.height + GAP && b.top < a.top + a.height + GAP;
}

/**
 * The place for a new item of `size` that covers neither the arrow hint nor any of `taken`:
 * centred, from the lower middle of the page (where a call to action sits) upwards, then at the
 * sides; the lower middle itself when the page is full.
 * @example freeSpot([], { width: 120, height: 40 }) // { left: 127, top: 440 }
 */
export function freeSpot(taken: readonly Box[], size: { width: number; height: number }): { left: number; top: number } {
  const centre = Math.floor((REFERENCE_VIEWPORT.width - size.width) / 2);
  const lefts = [centre, 16, REFERENCE_VIEWPORT.width - size.width - 16];
  const tops = [440, 500, 380, 320, 260, 200, 140];
  const blocked = [ARROW_HINT_BOX, ...taken];
  for (const left of lefts) {
    for (const top of tops) {
      const candidate = { left, top, ...size };
      if (candidate.top + candidate.height <= REFERENCE_VIEWPORT.height && !blocked.some((box) => overlaps(candidate, box))) return { left, top };
    }
  }
  return { left: centre, top: tops[0]! };
}
