import { useEffect, useState } from 'react';
import { CANVAS_FLAG, isCanvasPageMessage } from '../../../model/canvas.ts';
import type { CanvasBox, CanvasBoxesMessage } from '../../../model/canvas-messages.ts';
import { REFERENCE_VIEWPORT } from '../../../model/constants.ts';
import type { ResolvedPage } from '../../../model/snapshot.ts';

/**
 * The viewer as the page editor's canvas: only in a preview (its path is /preview/…, on the
 * site origin, framable by the admin alone through frame-ancestors) and only when the address
 * asks for it. A published page never reads messages.
 */
export function isCanvas(): boolean {
  return CANVAS_AT_LOAD;
}

// Read as the module loads: the address sync soon replaces the preview's address with the visitor's.
const CANVAS_AT_LOAD = typeof window !== 'undefined' && window.parent !== window && window.location.pathname.startsWith('/preview/') && new URLSearchParams(window.location.search).has(CANVAS_FLAG);

/**
 * The pages with the content the admin is editing laid over them. Messages are taken only from
 * the framing window, in the canvas message's shape; the answer goes back to the origin the
 * message came from, which the preview's frame-ancestors limits to the admin.
 */
export function useCanvasPages(pages: Record<string, ResolvedPage>, shownPageId: string | undefined): Record<string, ResolvedPage> {
  const [edited, setEdited] = useState<{ pageId: string; content: ResolvedPage['content'] } | null>(null);
  const [adminOrigin, setAdminOrigin] = useState<string | null>(null);
  const canvas = isCanvas();
  useEffect(() => {
    if (!canvas) return;
    const receive = (event: MessageEvent) => {
      if (event.source !== window.parent || !isCanvasPageMessage(event.data)) return;
      setAdminOrigin(event.origin);
      setEdited({ pageId: event.data.pageId, content: event.data.content });
    };
    window.addEventListener('message', receive);
    return () => window.removeEventListener('message', receive);
  }, [canvas]);
  const merged = edited && pages[edited.pageId] ? { ...pages, [edited.pageId]: { ...pages[edited.pageId]!, content: edited.content } } : pages;
  // After each render with edited content, tell the admin where the elements landed.
  useEffect(() => {
    if (!canvas || !adminOrigin || !shownPageId) return;
    const frame = requestAnimationFrame(() => {
      const message: CanvasBoxesMessage = { type: 'sg-canvas-boxes', pageId: shownPageId, boxes: measureBoxes(shownPageId) };
      window.parent.postMessage(message, adminOrigin);
    });
    return () => cancelAnimationFrame(frame);
  });
  return merged;
}

const ELEMENTS: readonly [selector: string, attribute: string, prefix: string][] = [
  ['[data-button-id]', 'data-button-id', 'button'],
  ['[data-link-id]', 'data-link-id', 'link'],
  ['[data-product-id]', 'data-product-id', 'product'],
];

/** Where each placed element of a page is drawn, in reference-viewport pixels from the page's corner. */
export function measureBoxes(pageId: string): CanvasBox[] {
  const page = document.querySelector(`.sg-page[data-page-id="${CSS.escape(pageId)}"]`);
  if (!page) return [];
  const frame = page.getBoundingClientRect();
  const sx = REFERENCE_VIEWPORT.width / frame.width;
  const sy = REFERENCE_VIEWPORT.height / frame.height;
  const box = (key: string, element: Element): CanvasBox => {
    const rect = element.getBoundingClientRect();
    return { key, x: (rect.left - frame.left) * sx, y: (rect.top - frame.top) * sy, w: rect.width * sx, h: rect.height * sy };
  };
  const boxes: CanvasBox[] = [];
  for (const [selector, attribute, prefix] of ELEMENTS) {
    for (const element of page.querySelectorAll(selector)) boxes.push(box(`${prefix}-${element.getAttribute(attribute)}`, element));
  }
  const mainText = page.querySelector('.sg-main-text');
  if (mainText) boxes.push(box('main-text', mainText));
  return boxes;
}
