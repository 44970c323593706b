import type { TapBins } from '../../../../../model/analytics-report.ts';
import { TAP_BIN_PX, TAP_FRAME } from '../../../../../model/visitor-event-kinds.ts';
import { levelOf } from './heat-scale.ts';

/**
 * The tap heat layer: each bin of the fixed grid over the 375 × 739 frame as a rectangle in
 * frame pixels, coloured by its share of the busiest bin, over the page's image drawn at that frame.
 */

/** ColorBrewer's "YlOrRd", drawn half see-through so the page shows beneath; class 0 is not drawn. */
export const TAP_PALETTE = ['transparent', '#ffffb2', '#fecc5c', '#fd8d3c', '#f03b20', '#bd0026'] as const;

export type TapRect = { x: number; y: number; width: number; height: number; taps: number; share: number; level: number; bin: { x: number; y: number } };

/** The bins as rectangles (the last row and column cut at the frame's edge), with the total and the busiest bin's taps. */
export function tapRects(bins: TapBins['bins']): { total: number; max: number; rects: TapRect[] } {
  const counted = bins.filter((bin) => bin.taps > 0);
  const total = counted.reduce((sum, bin) => sum + bin.taps, 0);
  const max = Math.max(0, ...counted.map((bin) => bin.taps));
  const rects = counted.map((bin) => {
    const x = bin.x * TAP_BIN_PX;
    const y = bin.y * TAP_BIN_PX;
    return {
      x,
      y,
      width: Math.max(0, Math.min(TAP_BIN_PX, TAP_FRAME.width - x)),
      height: Math.max(0, Math.min(TAP_BIN_PX, TAP_FRAME.height - y)),
      taps: bin.taps,
      share: bin.taps / total,
      level: levelOf(bin.taps, max, TAP_PALETTE.length),
      bin: { x: bin.x, y: bin.y },
    };
  });
  return { total, max, rects };
}

/** The busiest bins first (ties top to bottom, then left to right), for the text alternative. */
export function topRects(rects: readonly TapRect[], count = 5): TapRect[] {
  return [...rects].sort((a, b) => b.taps - a.taps || a.y - b.y || a.x - b.x).slice(0, count);
}

export const TAP_REGIONS = ['top-left', 'top-center', 'top-right', 'middle-left', 'middle-center', 'middle-right', 'bottom-left', 'bottom-center', 'bottom-right'] as const;
export type TapRegion = (typeof TAP_REGIONS)[number];

/** Which ninth of the frame a rectangle's middle is in, as words a listener can picture. */
export function tapRegion(rect: Pick<TapRect, 'x' | 'y' | 'width' | 'height'>): TapRegion {
  const third = (value: number, size: number) => Math.min(2, Math.floor((value / size) * 3));
  const column = ['left', 'center', 'right'][third(rect.x + rect.width / 2, TAP_FRAME.width)];
  const row = ['top', 'middle', 'bottom'][third(rect.y + rect.height / 2, TAP_FRAME.height)];
  return TAP_REGIONS.find((region) => region === `${row}-${column}`) ?? 'middle-center';
}
