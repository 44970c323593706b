import { describe, expect, it } from 'vitest';
import type { PageCell } from '../../../../../model/analytics-report.ts';
import { AA_TEXT_CONTRAST, contrastRatio } from '../../../../../model/contrast.ts';
import { HEAT_PALETTE, heatLegend, heatStyle, levelOf, metricFigure, metricValue } from './heat-scale.ts';

const zero = { views: 0, landings: 0, exits: 0, bounces: 0, dwellMs: 0, dwellCount: 0, ctaClicks: 0, linkClicks: 0, productItemClicks: 0, productPointClicks: 0 };
const cell = (over: Partial<PageCell>): PageCell => ({
  cell: 'A1',
  ...zero,
  popupClicks: 0,
  snsClicks: 0,
  calls: 0,
  campaignClicks: 0,
  registrations: 0,
  formSubmissions: 0,
  contacts: 0,
  conversions: 0,
  moves: { left: 0, right: 0, up: 0, down: 0 },
  exitsBy: { left: 0, right: 0, up: 0, down: 0, leave: 0 },
  conversionChance: 0,
  ...over,
});

describe('the heat map’s colour scale', () => {
  it('keeps class 0 for nothing and splits the rest in equal steps up to the largest value', () => {
    expect(levelOf(0, 100, 6)).toBe(0);
    expect(levelOf(1, 100, 6)).toBe(1);
    expect(levelOf(20, 100, 6)).toBe(1);
    expect(levelOf(21, 100, 6)).toBe(2);
    expect(levelOf(50, 100, 6)).toBe(3);
    expect(levelOf(100, 100, 6)).toBe(5);
    expect(levelOf(5, 0, 6)).toBe(0);
  });

  it('prints every class’s figure in black or white at WCAG AA contrast (4.5:1) on its colour', () => {
    for (const [level] of HEAT_PALETTE.entries()) {
      const style = heatStyle(level === 0 ? 0 : (level / (HEAT_PALETTE.length - 1)) * 50, 50);
      expect(style.level).toBe(level);
      expect(contrastRatio(style.color, style.background)).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
    }
    // The darkest blue needs white text, the lightest black.
    expect(heatStyle(50, 50).color).toBe('#ffffff');
    expect(heatStyle(0, 50).color).toBe('#000000');
  });

  it('gives the legend one line per class with the values it stands for, and only "none" when nothing was counted', () => {
    const legend = heatLegend(100, false);
    expect(legend.map(({ from, to }) => [from, to])).toEqual([
      [0, 0],
      [0, 20],
      [20, 40],
      [40, 60],
      [60, 80],
      [80, 100],
    ]);
    expect(heatLegend(0, true).map((step) => step.level)).toEqual([0]);
    // Counts: the whole numbers each class holds; a class holding none is not listed.
    expect(heatLegend(3, true).map(({ level, from, to }) => [level, from, to])).toEqual([
      [0, 0, 0],
      [2, 1, 1],
      [4, 2, 2],
      [5, 3, 3],
    ]);
    expect(heatLegend(100, true).map(({ from, to }) => [from, to])).toEqual([
      [0, 0],
      [1, 20],
      [21, 40],
      [41, 60],
      [61, 80],
      [81, 100],
    ]);
  });

  it('reads average dwell as time per dwell, and a page nobody saw as zero', () => {
    expect(metricValue(cell({ dwellMs: 9000, dwellCount: 3 }), 'averageDwellMs')).toBe(3000);
    expect(metricValue(cell({ dwellMs: 0, dwellCount: 0 }), 'averageDwellMs')).toBe(0);
    expect(metricValue(null, 'views')).toBe(0);
    expect(metricValue(cell({ conversionChance: 0.25 }), 'conversionChance')).toBe(0.25);
  });

  it('prints the Markov chance to convert as a per cent, dwell in seconds, counts whole in the console’s language', () => {
    expect(metricFigure('conversionChance', 0.1234, 'en')).toBe('12.3%');
    expect(metricFigure('conversionChance', 1 / 3, 'jp')).toBe('33.3%');
    expect(metricFigure('averageDwellMs', 4250, 'en')).toBe('4.3');
    expect(metricFigure('views', 12345, 'en')).toBe('12,345');
  });
});
