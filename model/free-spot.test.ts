import { describe, expect, it } from 'vitest';
import { ARROW_HINT_BOX, type Box, freeSpot } from './free-spot.ts';

const size = { width: 120, height: 40 };
const boxOf = (spot: { left: number; top: number }): Box => ({ ...spot, ...size });
const overlaps = (a: Box, b: Box) => a.left < b.left + b.width && b.left < a.left + a.width && a.top < b.top + b.height && b.top < a.top + a.height;

describe('the place of a new item', () => {
  it('is centred in the lower middle of an empty page, clear of the next-page arrow', () => {
    const spot = freeSpot([], size);
    expect(spot).toEqual({ left: 127, top: 440 });
    expect(overlaps(boxOf(spot), ARROW_HINT_BOX)).toBe(false);
  });

  it('never covers an item already placed while the page has room', () => {
    const taken: Box[] = [];
    for (let count = 0; count < 7; count++) {
      const spot = boxOf(freeSpot(taken, size));
      expect(taken.some((box) => overlaps(box, spot))).toBe(false);
      expect(overlaps(spot, ARROW_HINT_BOX)).toBe(false);
      taken.push(spot);
    }
  });

  it('falls back to the lower middle when every candidate is taken', () => {
    expect(freeSpot([{ left: 0, top: 0, width: 375, height: 739 }], size)).toEqual({ left: 127, top: 440 });
  });
});
