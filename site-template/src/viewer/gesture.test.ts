import { describe, expect, it } from 'vitest';
import { LONG_SWIPE_RATIO, SWIPE_RESET_MS, SWIPE_THRESHOLD, SWIPE_THROTTLE_MS, VERTICAL_RESISTANCE } from '../../../model/constants.ts';
import { createThrottle, swipeDirection } from './gesture.ts';

describe('swipeDirection of a long drag (held 1000 ms or more)', () => {
  const phone = { width: 375, height: 739 };
  it("uses the spec's reset time 1000 ms and long-swipe ratio 0.5", () => {
    expect([SWIPE_RESET_MS, LONG_SWIPE_RATIO]).toEqual([1000, 0.5]);
  });

  it('moves only past half the viewport, so a slow look-around springs back', () => {
    const slow = { ...phone, durationMs: 1200 };
    expect(swipeDirection(-120, 0, slow)).toBeNull();
    expect(swipeDirection(-188, 0, slow)).toBe('right');
    expect(swipeDirection(0, -300, slow)).toBeNull();
    expect(swipeDirection(0, -370, slow)).toBe('down');
  });

  it('leaves a quick flick to the 50 px threshold', () => {
    expect(swipeDirection(-120, 0, { ...phone, durationMs: 999 })).toBe('right');
  });
});

describe('swipeDirection', () => {
  it("uses the spec's constants: threshold 50 px, vertical resistance 0.7, throttle 500 ms", () => {
    expect([SWIPE_THRESHOLD, VERTICAL_RESISTANCE, SWIPE_THROTTLE_MS]).toEqual([50, 0.7, 500]);
  });

  it('treats a drag under 50 px as a tap', () => {
    for (const [dx, dy] of [
      [0, 0],
      [10, 5],
      [-49, 0],
      [49.9, 0],
      [0, 30],
      [-30, -20],
    ] as const) {
      expect(swipeDirection(dx, dy), `${dx},${dy}`).toBeNull();
    }
  });

  it('counts a horizontal drag of 50 px or more', () => {
    expect(swipeDirection(50, 0)).toBe('left');
    expect(swipeDirection(-50, 0)).toBe('right');
  });

  it('moves content opposite to the finger: dragging left shows the right, dragging up shows the next page', () => {
    expect(swipeDirection(-120, 10)).toBe('right');
    expect(swipeDirection(120, -10)).toBe('left');
    expect(swipeDirection(5, -120)).toBe('down');
    expect(swipeDirection(-5, 120)).toBe('up');
  });

  it('resists vertical drags: 60 px counts as 42 and is not a swipe, 80 px counts as 56 and is', () => {
    expect(swipeDirection(0, 60)).toBeNull();
    expect(swipeDirection(0, -60)).toBeNull();
    expect(swipeDirection(0, 80)).toBe('up');
    expect(swipeDirection(0, -80)).toBe('down');
    // 50 / 0.7 ≈ 71.4 px is the edge.
    expect(swipeDirection(0, 71)).toBeNull();
    expect(swipeDirection(0, 72)).toBe('up');
  });

  it('takes the axis that wins after the resistance', () => {
    // 60 × 0.7 = 42 < 150
    expect(swipeDirection(-150, 60)).toBe('right');
    // 160 × 0.7 = 112 > 40
    expect(swipeDirection(-40, 160)).toBe('up');
    // 150 × 0.7 = 105 > 100, at 56° from the horizontal
    expect(swipeDirection(100, -150)).toBe('down');
  });

  it('ignores a drag close to the diagonal unless one axis clearly wins', () => {
    expect(swipeDirection(60, 60)).toBeNull();
    expect(swipeDirection(-70, -75)).toBeNull();
    expect(swipeDirection(200, 200)).toBe('left');
  });
});

describe('createThrottle', () => {
  it('lets one move through per window, counted from the last move let through', () => {
    let now = 1_000;
    const allow = createThrottle(500, () => now);
    const at = (t: number) => {
      now = t;
      return allow();
    };
    expect(at(1_000)).toBe(true);
    expect(at(1_100)).toBe(false);
    expect(at(1_499)).toBe(false);
    expect(at(1_500)).toBe(true);
    // Refused moves do not extend the window.
    expect(at(1_700)).toBe(false);
    expect(at(1_999)).toBe(false);
    expect(at(2_000)).toBe(true);
  });

  it("defaults to the spec's 500 ms window", () => {
    let now = 0;
    const allow = createThrottle(undefined, () => now);
    expect(allow()).toBe(true);
    now = 499;
    expect(allow()).toBe(false);
    now = 500;
    expect(allow()).toBe(true);
  });

  it('lets the very first move through whatever the clock says', () => {
    expect(createThrottle(500, () => 0)()).toBe(true);
    expect(createThrottle(500, () => -1e12)()).toBe(true);
  });
});
