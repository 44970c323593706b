import { isColor } from '../../../../model/validation.ts';

type Rgb = readonly [number, number, number];

const FUNCTIONAL = /^(rgba?|hsla?)\(([^()]*)\)$/i;

const hex2 = (channel: number) =>
  Math.round(Math.min(255, Math.max(0, channel)))
    .toString(16)
    .padStart(2, '0');

/** A number with an optional `%`, as a fraction of `whole` (rgb channels: 255; alpha: 1). */
function amount(part: string, whole: number): number {
  return part.endsWith('%') ? (Number(part.slice(0, -1)) / 100) * whole : Number(part);
}

function hslToRgb(hue: number, saturation: number, lightness: number): Rgb {
  // CSS Color 4's hsl-to-rgb.
  const s = saturation / 100;
  const l = lightness / 100;
  const channel = (n: number) => {
    const k = (n + hue / 30) % 12;
    return 255 * (l - s * Math.min(l, 1 - l) * Math.max(-1, Math.min(k - 3, 9 - k, 1)));
  };
  return [channel(0), channel(8), channel(4)];
}

/** The channels and alpha of a colour the model allows (validation.ts isColor), or null for any other text. */
export function parseColour(value: string): { rgb: Rgb; alpha: number } | null {
  const text = value.trim();
  if (!isColor(text)) return null;
  if (text.startsWith('#')) {
    const digits = text.length === 4 ? [...text.slice(1)].map((d) => d + d) : (text.slice(1).match(/../g) ?? []);
    const [r = 0, g = 0, b = 0] = digits.map((pair) => Number.parseInt(pair, 16));
    return { rgb: [r, g, b], alpha: 1 };
  }
  const match = FUNCTIONAL.exec(text);
  const fn = match?.[1]?.toLowerCase() ?? '';
  const [a = '', b = '', c = '', alpha] = (match?.[2] ?? '').split(',').map((part) => part.trim());
  const opacity = alpha === undefined ? 1 : amount(alpha, 1);
  if (fn.startsWith('rgb')) return { rgb: [amount(a, 255), amount(b, 255), amount(c, 255)], alpha: opacity };
  const hue = Number(a.toLowerCase().replace(/deg$/, ''));
  return { rgb: hslToRgb(hue, Number(b.slice(0, -1)), Number(c.slice(0, -1))), alpha: opacity };
}

/**
 * What the browser's colour picker starts from: a `#rrggbb` (the only form `<input type=color>`
 * takes) for any colour the model allows, or null when the text is not one (yet).
 * @example pickerHex('hsl(120, 100%, 25%)') // '#008000'
 */
export function pickerHex(value: string): string | null {
  const colour = parseColour(value);
  return colour ? `#${colour.rgb.map(hex2).join('')}` : null;
}

/**
 * The value a colour picked with the swatch becomes: `#RRGGBB`, or `rgba(…)` keeping the alpha
 * the field had, so picking a hue does not make a see-through colour opaque.
 * @example fromPicker('#ff0000', 'rgba(0, 0, 0, 0.5)') // 'rgba(255, 0, 0, 0.5)'
 */
export function fromPicker(hex: string, previous: string): string {
  const alpha = parseColour(previous)?.alpha ?? 1;
  if (alpha >= 1) return hex.toUpperCase();
  const [r = 0, g = 0, b = 0] = (hex.slice(1).match(/../g) ?? []).map((pair) => Number.parseInt(pair, 16));
  return `rgba(${r}, ${g}, ${b}, ${Number(alpha.toFixed(3))})`;
}
