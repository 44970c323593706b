import type { PageCell } from '../../../../../model/analytics-report.ts';
import { contrastRatio } from '../../../../../model/contrast.ts';
import type { Language } from '../../../../../model/language.ts';

/**
 * How the grid heat map colours a cell: by one figure of the pages report, in classes of a
 * sequential palette, each class's text in black or white, whichever stands out more (WCAG).
 */

/** What a cell can be coloured by. Visitors per cell are not in the pages report (the rollups keep visitor sketches per site only), so entries stand in for arrivals. */
export const HEAT_METRICS = ['views', 'landings', 'averageDwellMs', 'conversions', 'conversionChance'] as const;
export type HeatMetric = (typeof HEAT_METRICS)[number];

/** ColorBrewer's "Blues", light to dark: one hue, so the order reads without telling colours apart. Class 0 is "none". */
export const HEAT_PALETTE = ['#f7fbff', '#c6dbef', '#9ecae1', '#6baed6', '#3182bd', '#08519c'] as const;

/** A cell's figure for a metric; a page nobody saw has none of anything. */
export function metricValue(cell: PageCell | null, metric: HeatMetric): number {
  if (!cell) return 0;
  if (metric === 'averageDwellMs') return cell.dwellCount > 0 ? cell.dwellMs / cell.dwellCount : 0;
  return cell[metric];
}

/**
 * The class of a value among `classes` (0 for nothing, then equal steps up to the largest value),
 * so the same share of the largest always gets the same colour.
 * @example levelOf(50, 100, 6) // 3
 */
export function levelOf(value: number, max: number, classes: number): number {
  if (!(value > 0) || !(max > 0)) return 0;
  const steps = classes - 1;
  return Math.min(steps, Math.max(1, Math.ceil((value / max) * steps)));
}

/** Black or white, whichever holds the higher contrast on the background. */
export function textColourOn(background: string): '#000000' | '#ffffff' {
  return (contrastRatio('#000000', background) ?? 0) >= (contrastRatio('#ffffff', background) ?? 0) ? '#000000' : '#ffffff';
}

export type HeatStyle = { level: number; background: string; color: string };

/** The colours of a cell whose value is `value` where the grid's largest is `max`. */
export function heatStyle(value: number, max: number): HeatStyle {
  const level = levelOf(value, max, HEAT_PALETTE.length);
  const background = HEAT_PALETTE[level] ?? HEAT_PALETTE[0];
  return { level, background, color: textColourOn(background) };
}

/**
 * The legend's classes: each colour and the values it stands for (class 0: exactly none). For a
 * metric of whole numbers (`whole`) the ends are the whole numbers a class holds, and a class
 * holding none is left out.
 * @example heatLegend(3, true).map(({ from, to }) => [from, to]) // [[0, 0], [1, 1], [2, 2], [3, 3]]
 */
export function heatLegend(max: number, whole: boolean): { level: number; background: string; color: string; from: number; to: number }[] {
  const steps = HEAT_PALETTE.length - 1;
  return HEAT_PALETTE.map((background, level) => {
    const low = level === 0 ? 0 : ((level - 1) / steps) * max;
    const high = (level / steps) * max;
    // A hair over, so a step's end that is whole but computed a little under it stays whole.
    const floor = (value: number) => Math.floor(value + 1e-9);
    return { level, background, color: textColourOn(background), from: whole && level > 0 ? floor(low) + 1 : low, to: whole ? floor(high) : high };
  }).filter((step) => step.level === 0 || (max > 0 && step.from <= step.to));
}

/** Whether a metric counts whole things (its legend's ends are whole numbers). */
export const isWhole = (metric: HeatMetric) => metric === 'views' || metric === 'landings' || metric === 'conversions';

const LOCALE: Readonly<Record<Language, string>> = { jp: 'ja-JP', en: 'en-US', cn: 'zh-CN', kr: 'ko-KR' };

/**
 * A figure as a cell prints it: counts whole, dwell in seconds, the chance to convert in per cent.
 * Dwell's unit is the caller's (a console text).
 * @example metricFigure('conversionChance', 0.1234, 'en') // '12.3%'
 */
export function metricFigure(metric: HeatMetric, value: number, lang: Language): string {
  const locale = LOCALE[lang];
  if (metric === 'conversionChance') return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(value);
  if (metric === 'averageDwellMs') return new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(value / 1000);
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(value);
}

/** A share as per cent, one decimal. */
export function shareFigure(share: number, lang: Language): string {
  return new Intl.NumberFormat(LOCALE[lang], { style: 'percent', maximumFractionDigits: 1 }).format(share);
}
