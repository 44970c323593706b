import { useEffect, useRef, type HTMLAttributes } from 'react';
import { swipeDirection } from './gesture.ts';
import type { Direction } from './navigation.ts';

const KEYS: Record<string, Direction> = { ArrowLeft: 'left', ArrowRight: 'right', ArrowUp: 'up', ArrowDown: 'down' };

type SwipeHandlers = Required<Pick<HTMLAttributes<HTMLDivElement>, 'onPointerDown' | 'onPointerUp' | 'onPointerCancel' | 'onWheel'>>;

/**
 * Every way a visitor asks to move, each turned into one move: the arrow keys anywhere on the
 * page, and a swipe (touch, pen or mouse) or a wheel turn over the viewer through the handlers
 * returned for its root. The sliders' own dragging is off: a swipe is judged once, when the
 * pointer lifts, from where it went down (gesture.ts reads length, angle and duration), and the
 * sliders only animate.
 */
export function useSwipeInput(move: (direction: Direction) => void): SwipeHandlers {
  const pointer = useRef<{ x: number; y: number; at: number } | null>(null);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const direction = KEYS[event.key];
      // A visitor typing in a form field keeps the arrow keys for the field.
      if (!direction || (event.target as HTMLElement | null)?.closest('input, textarea, select')) return;
      event.preventDefault();
      move(direction);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [move]);
  return {
    onPointerDown: (event) => {
      pointer.current = { x: event.clientX, y: event.clientY, at: event.timeStamp };
    },
    onPointerUp: (event) => {
      const start = pointer.current;
      pointer.current = null;
      if (!start) return;
      const drag = { durationMs: event.timeStamp - start.at, width: window.innerWidth, height: window.innerHeight };
      const direction = swipeDirection(event.clientX - start.x, event.clientY - start.y, drag);
      if (direction) move(direction);
    },
    onPointerCancel: () => {
      pointer.current = null;
    },
    onWheel: (event) => {
      if (Math.abs(event.deltaY) > Math.abs(event.deltaX)) move(event.deltaY > 0 ? 'down' : 'up');
      else if (Math.abs(event.deltaX) > 0) move(event.deltaX > 0 ? 'right' : 'left');
    },
  };
}
