import { describe, expect, it } from 'vitest';
import { columnIndex, columnLetters, DEFAULT_POSITION, formatPosition, isPositionCode, parsePosition } from './position.ts';

describe('columnLetters and columnIndex', () => {
  it.each([
    [0, 'A'],
    [1, 'B'],
    [25, 'Z'],
    [26, 'AA'],
    [27, 'AB'],
    [51, 'AZ'],
    [52, 'BA'],
    [701, 'ZZ'],
    [702, 'AAA'],
    [18277, 'ZZZ'],
  ])('column %i is %s', (index, letters) => {
    expect(columnLetters(index)).toBe(letters);
    expect(columnIndex(letters)).toBe(index);
  });

  it('reads letters case-insensitively', () => {
    expect(columnIndex('ab')).toBe(27);
    expect(columnIndex('aB')).toBe(27);
  });

  it.each(['', '1', 'A1', 'Ä', ' A', 'A-'])('returns -1 for %j', (letters) => {
    expect(columnIndex(letters)).toBe(-1);
  });

  it.each([-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])('throws for column index %s', (index) => {
    expect(() => columnLetters(index)).toThrow(RangeError);
  });
});

describe('formatPosition and parsePosition', () => {
  it('round-trips every column 0..800 and row 1..100', () => {
    const failures: string[] = [];
    for (let column = 0; column <= 800; column++) {
      if (columnIndex(columnLetters(column)) !== column) failures.push(`letters ${column}`);
      for (let row = 1; row <= 100; row++) {
        const code = formatPosition(column, row);
        const parsed = parsePosition(code);
        if (parsed?.columnIndex !== column || parsed.row !== row) failures.push(code);
        const lower = parsePosition(code.toLowerCase());
        if (lower?.columnIndex !== column || lower.row !== row) failures.push(code.toLowerCase());
      }
    }
    expect(failures).toEqual([]);
  });

  it('formats a 0-based column and 1-based row', () => {
    expect(formatPosition(1, 3)).toBe('B3');
    expect(formatPosition(0, 1)).toBe(DEFAULT_POSITION);
    expect(formatPosition(27, 999)).toBe('AB999');
  });

  it('parses case-insensitively', () => {
    expect(parsePosition('b3')).toEqual({ columnIndex: 1, row: 3 });
    expect(parsePosition('zzz999')).toEqual({ columnIndex: 18277, row: 999 });
  });

  it.each(['', 'A', '1', 'A0', 'A01', 'A1000', 'AAAA1', '1A', 'A-1', ' A1', 'A1 ', 'A1.5', 'Ä1', 'A 1', 'A1B', '/A1'])('refuses %j', (code) => {
    expect(parsePosition(code)).toBeNull();
    expect(isPositionCode(code)).toBe(false);
  });

  it.each([
    [-1, 1],
    [0, 0],
    [0, 1000],
    [1.5, 1],
    [0, 2.5],
    [18278, 1],
  ])('throws for column %s row %s, which no code can hold', (column, row) => {
    expect(() => formatPosition(column, row)).toThrow(RangeError);
  });

  it('recognises position codes', () => {
    expect(isPositionCode('A1')).toBe(true);
    expect(isPositionCode('ab12')).toBe(true);
    expect(isPositionCode('spring')).toBe(false);
  });
});
