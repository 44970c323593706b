import { LONG_SWIPE_RATIO, SWIPE_RESET_MS, SWIPE_THRESHOLD, SWIPE_THROTTLE_MS, TOUCH_ANGLE, VERTICAL_RESISTANCE } from '../../../model/constants.ts';
import type { Direction } from './navigation.ts';

/**
 * Turns a finished drag into a swipe direction by the spec's constants (§9): a drag shorter
 * than the threshold is a tap; a vertical drag counts for `VERTICAL_RESISTANCE` of its length;
 * a drag closer to the diagonal than `TOUCH_ANGLE` degrees is ambiguous and ignored.
 * Content moves opposite to the finger: dragging left reveals the column on the right.
 */
export function swipeDirection(dx: number, dy: number, drag?: SlowDrag): Direction | null {
  const horizontal = Math.abs(dx);
  const vertical = Math.abs(dy) * VERTICAL_RESISTANCE;
  const angle = (Math.atan2(Math.abs(dy), Math.abs(dx)) * 180) / Math.PI;
  if (horizontal >= vertical) {
    if (horizontal < SWIPE_THRESHOLD || (angle > 45 - TOUCH_ANGLE / 2 && angle < 45 + TOUCH_ANGLE / 2 && Math.abs(horizontal - vertical) < SWIPE_THRESHOLD)) return null;
    if (drag && isLongDrag(drag) && horizontal < drag.width * LONG_SWIPE_RATIO) return null;
    return dx < 0 ? 'right' : 'left';
  }
  if (vertical < SWIPE_THRESHOLD) return null;
  if (drag && isLongDrag(drag) && Math.abs(dy) < drag.height * LONG_SWIPE_RATIO) return null;
  return dy < 0 ? 'down' : 'up';
}

/** How long the finger was down and the viewport it moved over. */
export type SlowDrag = { durationMs: number; width: number; height: number };

/**
 * A drag held for `SWIPE_RESET_MS` or more is a long swipe: the visitor was looking, not
 * flicking, so it moves only past `LONG_SWIPE_RATIO` of the viewport and otherwise springs back.
 */
function isLongDrag(drag: SlowDrag): boolean {
  return drag.durationMs >= SWIPE_RESET_MS;
}

/** Lets one move through per throttle window, so a flurry of wheel ticks or swipes moves one page. */
export function createThrottle(windowMs: number = SWIPE_THROTTLE_MS, now: () => number = () => Date.now()) {
  let last = -Infinity;
  return function allow(): boolean {
    const t = now();
    if (t - last < windowMs) return false;
    last = t;
    return true;
  };
}
