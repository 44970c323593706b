import { pickerHex } from './colour-value.ts';

const KEY = 'sg-recent-colours';
const KEEP = 8;

/** The colours this browser picked last, newest first, as the swatch's suggestions. */
export function recentColours(): string[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(stored) ? stored.filter((value): value is string => typeof value === 'string' && pickerHex(value) !== null).slice(0, KEEP) : [];
  } catch {
    return [];
  }
}

/** Remembers a picked colour (as the picker's `#rrggbb`) at the front of the list. */
export function rememberColour(value: string): void {
  const hex = pickerHex(value);
  if (!hex) return;
  try {
    localStorage.setItem(KEY, JSON.stringify([hex, ...recentColours().filter((colour) => colour !== hex)].slice(0, KEEP)));
  } catch {
    // Storage full or off: the suggestions are a convenience.
  }
}
