import { describe, expect, it } from 'vitest';
import * as constants from './constants.ts';
import { gridColumns, SHAPE_RADII } from './constants.ts';

describe('gridColumns', () => {
  it.each([
    [395, 100, 3],
    [375, 50, 5],
    [1920, 150, 10],
    [145, 100, 1],
    [20, 100, 1],
    [0, 50, 1],
    [-100, 50, 1],
  ])('fits floor((%i - 20) / (%i × 1.25)), at least 1: %i', (width, size, columns) => {
    expect(gridColumns(width, size)).toBe(columns);
  });

  it.each([
    [100, 0],
    [100, -1],
    [Number.NaN, 10],
    [100, Number.POSITIVE_INFINITY],
  ])('throws for width %s and size %s', (width, size) => {
    expect(() => gridColumns(width, size)).toThrow(RangeError);
  });
});

describe('spec constants', () => {
  it('hold the values of visitor spec §9', () => {
    expect(constants).toMatchObject({
      NOTIFICATION_ROTATION_MS: 3000,
      SWIPE_THRESHOLD: 50,
      SWIPE_THROTTLE_MS: 500,
      SWIPE_RESET_MS: 1000,
      VERTICAL_RESISTANCE: 0.7,
      LONG_SWIPE_RATIO: 0.5,
      TOUCH_ANGLE: 20,
      PAGE_FETCH_TAKE: 1000,
      MOBILE_MAX_WIDTH: 768,
      MOBILE_PREVIEW: { width: 389, height: 737 },
      REFERENCE_VIEWPORT: { width: 375, height: 739 },
      MIN_CONTAINER_HEIGHT: 400,
      FOOTER_HEIGHTS: [96, 68, 37],
      PC_FOOTER_OFFSET: 75,
      MAX_PRELOADED_BUTTON_IMAGES: 3,
      DEFAULT_ITEM_SIZE: { width: 120, height: 40 },
      DEFAULT_FLAG_HOTSPOT: { width: 50, height: 50, left: 70, top: 150 },
      LINK_AREA_FALLBACK_SIZE: 50,
      COOKIE_LIFETIME_DAYS: 3650,
      LANG_COOKIE_MAX_AGE_S: 2592000,
      TOAST_MS: 3000,
      RESIZE_DEBOUNCE_MS: 200,
      IDLE_TIMEOUT_MS: 2000,
      HLS_BUFFER_S: 4,
      RESPONSIVE_WIDTHS: [50, 100, 200, 400, 600, 800, 1200, 1920],
      MAX_VIDEO_BYTES: 31457280,
      MAX_CSV_BYTES: 5242880,
      MAX_ZIP_BYTES: 1073741824,
      COUNTDOWN_MINUTES_BELOW: 60,
      COUNTDOWN_HOURS_BELOW: 72,
      ADDRESS_REPLACE_DELAY_MS: 500,
      SEO_LIMITS: { title: 60, h1: 70, description: 160, head: 65535, body: 65535 },
      URL_MAX: 256,
      DEFAULT_POSITION: 'A1',
      DEFAULT_LANGUAGE: 'jp',
      FALLBACK_LANGUAGE: 'en',
    });
  });

  it('lists the input length classes of the spec', () => {
    expect(Object.values(constants.INPUT_LENGTHS)).toEqual([20, 50, 60, 70, 120, 160, 256, 65355]);
  });

  it('gives the corner radius of every shape name', () => {
    expect(SHAPE_RADII).toMatchObject({ PILL: 100, MODERATELY_ROUNDED_EDGE: 6, SLIGHTLY_ROUNDED_EDGE: 3, SHARP_EDGE: 0 });
    expect(SHAPE_RADII).toMatchObject({ pill: 100, moderately_rounded: 6, slightly_rounded: 3, square: 0 });
  });
});
