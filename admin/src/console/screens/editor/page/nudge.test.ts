import { describe, expect, it } from 'vitest';
import { nudgeBox, placeBox } from './nudge.ts';

const box = { x: 100, y: 200, w: 120, h: 40 };
const press = (key: string, shiftKey = false, altKey = false) => ({ key, shiftKey, altKey });

describe('nudging an item on the 375 × 739 stage', () => {
  it('moves 1 px per arrow, 10 px with Shift', () => {
    expect(nudgeBox(box, press('ArrowRight'), true)).toEqual({ ...box, x: 101 });
    expect(nudgeBox(box, press('ArrowUp'), true)).toEqual({ ...box, y: 199 });
    expect(nudgeBox(box, press('ArrowLeft', true), true)).toEqual({ ...box, x: 90 });
    expect(nudgeBox(box, press('ArrowDown', true), true)).toEqual({ ...box, y: 210 });
  });

  it('resizes with Alt when the item has a size, and moves a point instead', () => {
    expect(nudgeBox(box, press('ArrowRight', true, true), true)).toEqual({ ...box, w: 130 });
    expect(nudgeBox(box, press('ArrowUp', false, true), true)).toEqual({ ...box, h: 39 });
    expect(nudgeBox({ x: 5, y: 5, w: 24, h: 24 }, press('ArrowRight', false, true), false)).toEqual({ x: 6, y: 5, w: 24, h: 24 });
  });

  it('ignores other keys', () => {
    expect(nudgeBox(box, press('a'), true)).toBeNull();
    expect(nudgeBox(box, press('Enter', true), true)).toBeNull();
  });

  it('keeps the item on the stage: no move past an edge, no size past the room left, no size under 8 px', () => {
    expect(nudgeBox({ x: 0, y: 0, w: 50, h: 50 }, press('ArrowLeft', true), true)).toEqual({ x: 0, y: 0, w: 50, h: 50 });
    expect(nudgeBox({ x: 325, y: 10, w: 50, h: 50 }, press('ArrowRight'), true)).toEqual({ x: 325, y: 10, w: 50, h: 50 });
    expect(placeBox({ x: 300, y: 700, w: 500, h: 500 }, true)).toEqual({ x: 0, y: 239, w: 375, h: 500 });
    expect(placeBox({ x: 300, y: 700, w: 500, h: 900 }, true)).toEqual({ x: 0, y: 0, w: 375, h: 739 });
    expect(placeBox({ x: 10, y: 10, w: 2, h: -4 }, true)).toEqual({ x: 10, y: 10, w: 8, h: 8 });
    expect(placeBox({ x: 400, y: 800, w: 24, h: 24 }, false)).toEqual({ x: 375, y: 739, w: 24, h: 24 });
    expect(placeBox({ x: 10.4, y: 20.6, w: 30.5, h: 40 }, true)).toEqual({ x: 10, y: 21, w: 31, h: 40 });
  });
});
