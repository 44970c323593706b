import { describe, expect, it } from 'vitest';
import { albumLayout, footerLayout, globalMenuVisible, productPopupWidth } from './layout-rules.ts';

describe('albumLayout', () => {
  it('uses 350 px cells at 16:9 on PC and 150 px cells elsewhere', () => {
    expect(albumLayout(1200, true)).toMatchObject({ cellWidth: 350, cellHeight: 197 });
    expect(albumLayout(375, false).cellWidth).toBe(150);
  });

  it('counts columns as floor((width - 20) / (size × 1.25)), at least one', () => {
    expect(albumLayout(1200, true).columns).toBe(2); // 1180 / 437.5
    expect(albumLayout(1333, true).columns).toBe(3); // 1313 / 437.5
    expect(albumLayout(395, false).columns).toBe(2); // 375 / 187.5
    expect(albumLayout(394, false).columns).toBe(1);
    expect(albumLayout(100, false).columns).toBe(1);
  });
});

describe('footerLayout', () => {
  it('is 37, 68 or 96 px tall for one, two or three rows, and absent with none', () => {
    expect([1, 2, 3].map((rows) => footerLayout(rows, false)?.height)).toEqual([37, 68, 96]);
    expect(footerLayout(0, false)).toBeNull();
  });

  it('sits 75 px up in PC view', () => {
    expect(footerLayout(2, true)).toEqual({ height: 68, bottom: 75 });
    expect(footerLayout(2, false)?.bottom).toBe(0);
  });
});

describe('productPopupWidth', () => {
  it('is 353 to 358 px on a phone, never wider than the screen', () => {
    expect(productPopupWidth(375, false)).toBe(358);
    expect(productPopupWidth(360, false)).toBe(353);
    expect(productPopupWidth(414, false)).toBe(358);
    expect(productPopupWidth(320, false)).toBe(320);
  });

  it('is 800 px on PC', () => {
    expect(productPopupWidth(1280, true)).toBe(800);
    expect(productPopupWidth(700, true)).toBe(700);
  });
});

describe('globalMenuVisible', () => {
  it('shows the category tabs when asked for, with more than one category, unless the page shows two CTAs', () => {
    expect(globalMenuVisible(true, 3, 0)).toBe(true);
    expect(globalMenuVisible(true, 3, 1)).toBe(true);
    expect(globalMenuVisible(true, 3, 2)).toBe(false);
    expect(globalMenuVisible(false, 3, 0)).toBe(false);
    expect(globalMenuVisible(true, 1, 0)).toBe(false);
  });
});
