import { TOAST_MS } from '../../../model/constants.ts';

let shown: { element: HTMLElement; timer: ReturnType<typeof setTimeout> } | null = null;

/**
 * Shows a short message at the bottom of the screen for 3000 ms (V §9). One toast at a time: a
 * new one replaces the one showing. Drawn fixed over everything, so it never moves the page.
 */
export function showToast(message: string): void {
  if (shown) {
    clearTimeout(shown.timer);
    shown.element.remove();
  }
  const element = document.createElement('div');
  element.className = 'sg-toast';
  element.setAttribute('role', 'status');
  element.textContent = message;
  document.body.append(element);
  const timer = setTimeout(() => {
    element.remove();
    if (shown?.element === element) shown = null;
  }, TOAST_MS);
  shown = { element, timer };
}
