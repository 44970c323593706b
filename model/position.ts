/** Visitor spec §9: default position tab; the first page of the first category. */
export const DEFAULT_POSITION = 'A1';

/** Three letters reach column 'ZZZ'; codes are capped there so every code round-trips. */
const MAX_COLUMN_INDEX = 26 + 26 ** 2 + 26 ** 3 - 1;
const MAX_ROW = 999;

const POSITION_PATTERN = /^([A-Za-z]{1,3})([1-9][0-9]{0,2})$/;

/**
 * Spreadsheet-style letters for a 0-based column index.
 * @example columnLetters(0) // 'A'; columnLetters(27) // 'AB'
 */
export function columnLetters(index: number): string {
  if (!Number.isSafeInteger(index) || index < 0) {
    throw new RangeError(`Column index must be a non-negative integer, got ${index}.`);
  }
  let letters = '';
  // Bijective base 26: there is no zero digit, so shift by one at every step.
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  }
  return letters;
}

/**
 * The 0-based column index for spreadsheet-style letters, or -1 when they are not letters.
 * @example columnIndex('ab') // 27
 */
export function columnIndex(letters: string): number {
  if (!/^[A-Za-z]+$/.test(letters) || letters.length > 10) return -1;
  let n = 0;
  for (const ch of letters.toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
}

/**
 * The position code of a page from its 0-based column and 1-based row.
 * @example formatPosition(1, 3) // 'B3'
 */
export function formatPosition(column: number, row: number): string {
  if (!Number.isSafeInteger(column) || column < 0 || column > MAX_COLUMN_INDEX) {
    throw new RangeError(`Column index must be an integer from 0 to ${MAX_COLUMN_INDEX}, got ${column}.`);
  }
  if (!Number.isSafeInteger(row) || row < 1 || row > MAX_ROW) {
    throw new RangeError(`Row must be an integer from 1 to ${MAX_ROW}, got ${row}.`);
  }
  return columnLetters(column) + String(row);
}

/**
 * Reads a position code (1 to 3 letters, then a row 1..999), case-insensitively.
 * @example parsePosition('b3') // { columnIndex: 1, row: 3 }
 */
export function parsePosition(code: string): { columnIndex: number; row: number } | null {
  const match = POSITION_PATTERN.exec(code);
  if (!match || match[1] === undefined || match[2] === undefined) return null;
  return { columnIndex: columnIndex(match[1]), row: Number(match[2]) };
}

/** Whether a string is a position code such as 'A1' or 'ab12'. */
export function isPositionCode(s: string): boolean {
  return parsePosition(s) !== null;
}
