import { describe, expect, it } from 'vitest';
import { tapBin } from '../../../../../model/visitor-event-kinds.ts';
import { HEAT_PALETTE } from './heat-scale.ts';
import { TAP_PALETTE, tapRects, tapRegion, topRects } from './tap-layer.ts';

describe('the tap layer', () => {
  it('draws a bin where the tap it counts was, in frame pixels', () => {
    const bin = tapBin(190, 700);
    const [rect] = tapRects([{ ...bin, taps: 3 }]).rects;
    expect(rect).toMatchObject({ x: 175, y: 700, width: 25, height: 25 });
    expect(190).toBeGreaterThanOrEqual(rect!.x);
    expect(190).toBeLessThan(rect!.x + rect!.width);
  });

  it('cuts the last row at the 739 px frame’s edge', () => {
    const [rect] = tapRects([{ x: 14, y: 29, taps: 1 }]).rects;
    expect(rect).toMatchObject({ x: 350, y: 725, width: 25, height: 14 });
  });

  it('counts the total, shares each bin of it, and colours the busiest bin darkest', () => {
    const { total, max, rects } = tapRects([
      { x: 0, y: 0, taps: 10 },
      { x: 1, y: 0, taps: 5 },
      { x: 2, y: 0, taps: 5 },
      { x: 3, y: 0, taps: 0 },
    ]);
    expect(total).toBe(20);
    expect(max).toBe(10);
    expect(rects.map((rect) => [rect.share, rect.level])).toEqual([
      [0.5, 5],
      [0.25, 3],
      [0.25, 3],
    ]);
  });

  it('lists the busiest bins first, ties top to bottom then left to right', () => {
    const { rects } = tapRects([
      { x: 5, y: 9, taps: 2 },
      { x: 1, y: 9, taps: 2 },
      { x: 7, y: 1, taps: 2 },
      { x: 0, y: 0, taps: 9 },
    ]);
    expect(topRects(rects, 3).map((rect) => rect.bin)).toEqual([
      { x: 0, y: 0 },
      { x: 7, y: 1 },
      { x: 1, y: 9 },
    ]);
  });

  it('names the ninth of the frame a bin is in', () => {
    expect(tapRegion({ x: 0, y: 0, width: 25, height: 25 })).toBe('top-left');
    expect(tapRegion({ x: 175, y: 350, width: 25, height: 25 })).toBe('middle-center');
    expect(tapRegion({ x: 350, y: 725, width: 25, height: 14 })).toBe('bottom-right');
  });
});

describe('the tap layer’s palette', () => {
  it('has as many classes as the legend the map shares with the grid heat map', () => {
    expect(TAP_PALETTE.length).toBe(HEAT_PALETTE.length);
  });
});
