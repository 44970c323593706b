import { describe, expect, it } from 'vitest';
import { changeText, countText, shareText } from './figures.ts';

describe('the analytics screen’s figures', () => {
  it('writes a change with its sign, so its direction does not rest on colour', () => {
    expect(changeText(0.125, 'en')).toBe('+12.5%');
    expect(changeText(-0.03, 'en')).toMatch(/^[-−]3\.0%$/);
    expect(changeText(0, 'en')).toBe('0.0%');
  });

  it('writes counts grouped and shares as percentages in the console’s language', () => {
    expect(countText(12345, 'en')).toBe('12,345');
    expect(shareText(0.5, 'jp')).toBe('50.0%');
  });
});
