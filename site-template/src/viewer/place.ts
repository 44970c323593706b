import { REFERENCE_VIEWPORT } from '../../../model/constants.ts';

// Items are designed on the reference viewport (375 × 739 px) and drawn as shares of the page, so
// they keep their place over the picture on any screen.

/** A designed horizontal length or position as a share of the page's width, e.g. `'50%'`. */
export const ofWidth = (px: number) => `${(px / REFERENCE_VIEWPORT.width) * 100}%`;

/** A designed vertical length or position as a share of the page's height. */
export const ofHeight = (px: number) => `${(px / REFERENCE_VIEWPORT.height) * 100}%`;

/** The left and top of an item placed at designed (x, y); nothing when either is unset, leaving the item at its default place. */
export function designedPlace(x: number | null, y: number | null): { left: string; top: string } | undefined {
  return x === null || y === null ? undefined : { left: ofWidth(x), top: ofHeight(y) };
}
