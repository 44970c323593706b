/**
 * Colour contrast as WCAG 2.2 defines it (relative luminance, 1:1 to 21:1), for the colours an
 * owner picks. The viewer keeps the owner's colours and, where a text would not hold AA's 4.5:1
 * on its button, adds a thin halo of the opposite extreme (docs/decisions.md, "Accessibility").
 */

type Rgb = readonly [number, number, number];

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;
const RGB = /^rgba?\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*(?:,\s*([\d.]+%?)\s*)?\)$/i;

/** AA's minimum for normal text; large text and UI components need 3:1. */
export const AA_TEXT_CONTRAST = 4.5;

/** An opaque colour's channels, or null for a colour this cannot judge (hsl, or see-through). */
export function parseOpaqueColor(colour: string): Rgb | null {
  const hex = HEX.exec(colour.trim());
  if (hex?.[1]) {
    const digits = hex[1].length === 3 ? [...hex[1]].map((d) => d + d) : (hex[1].match(/../g) ?? []);
    const [r = 0, g = 0, b = 0] = digits.map((pair) => Number.parseInt(pair, 16));
    return [r, g, b];
  }
  const rgb = RGB.exec(colour.trim());
  if (!rgb) return null;
  const alpha = rgb[4];
  if (alpha !== undefined && (alpha.endsWith('%') ? Number.parseFloat(alpha) < 100 : Number.parseFloat(alpha) < 1)) return null;
  const channels = [rgb[1], rgb[2], rgb[3]].map(Number);
  if (channels.some((channel) => channel > 255)) return null;
  const [r = 0, g = 0, b = 0] = channels;
  return [r, g, b];
}

function luminance([r, g, b]: Rgb): number {
  const linear = (channel: number) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/**
 * The contrast ratio of two colours, or null when either cannot be judged.
 * @example contrastRatio('#FFFFFF', '#000000') // 21
 */
export function contrastRatio(a: string, b: string): number | null {
  const first = parseOpaqueColor(a);
  const second = parseOpaqueColor(b);
  if (!first || !second) return null;
  const [light, dark] = [luminance(first), luminance(second)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

const MAX_REMEMBERED_PAIRS = 256;
const shadows = new Map<string, string | undefined>();

/**
 * A `text-shadow` that outlines text in black or white (whichever stands out more from the text)
 * when the text's own colour is below 4.5:1 on its background; undefined when it holds already or
 * cannot be judged. One pixel each way: a stroke, which reads as the text's background.
 * @example legibleTextShadow('#FFFFFF', '#99D52A') // '-1px -1px 0 #000, 1px -1px 0 #000, -1px 1px 0 #000, 1px 1px 0 #000'
 */
export function legibleTextShadow(text: string, background: string): string | undefined {
  const key = `${text}\n${background}`;
  if (shadows.has(key)) return shadows.get(key);
  // A site uses a handful of colour pairs on every page it renders; owners' strings are bounded by starting over.
  if (shadows.size >= MAX_REMEMBERED_PAIRS) shadows.clear();
  const shadow = textShadowFor(text, background);
  shadows.set(key, shadow);
  return shadow;
}

function textShadowFor(text: string, background: string): string | undefined {
  const ratio = contrastRatio(text, background);
  if (ratio === null || ratio >= AA_TEXT_CONTRAST) return undefined;
  const halo = (contrastRatio(text, '#000000') ?? 0) >= (contrastRatio(text, '#FFFFFF') ?? 0) ? '#000' : '#fff';
  return `-1px -1px 0 ${halo}, 1px -1px 0 ${halo}, -1px 1px 0 ${halo}, 1px 1px 0 ${halo}`;
}
