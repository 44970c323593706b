import { useSyncExternalStore } from 'react';
import type { PopupCtas } from '../../../../../model/site.ts';

/**
 * The popup section's unsaved settings, for the canvas: the section sets them as they are typed
 * (whole ones only), the canvas frame sends them to the viewer. A store of its own, not the
 * editor's context value, so a keystroke in the section renders the frame alone, not the editor.
 * Null: the section has not been opened, and the canvas draws the saved popups.
 */
export class CanvasPopups {
  private current: PopupCtas | null = null;
  private readonly listeners = new Set<() => void>();

  readonly get = (): PopupCtas | null => this.current;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  set(popups: PopupCtas | null): void {
    // The form calls this on every change; the same popups again are no news to the canvas.
    if (JSON.stringify(popups) === JSON.stringify(this.current)) return;
    this.current = popups;
    for (const listener of this.listeners) listener();
  }
}

/** The popup settings the canvas should draw, or null for the saved ones. */
export function useCanvasPopups(store: CanvasPopups): PopupCtas | null {
  return useSyncExternalStore(store.subscribe, store.get);
}
