import { useEffect, useReducer, useState, useSyncExternalStore } from 'react';
import { CANVAS_FLAG, isCanvasPageMessage, isCanvasPopupsMessage } from '../../../model/canvas.ts';
import type { CanvasBox, CanvasBoxesMessage } from '../../../model/canvas-messages.ts';
import { REFERENCE_VIEWPORT } from '../../../model/constants.ts';
import { pageMediaUrls, parseMediaUrl } from '../../../model/media-url.ts';
import { PREVIEW_MEDIA_ENTRY } from '../../../model/preview-extras.ts';
import type { PopupCtas } from '../../../model/site.ts';
import type { MediaMap, ResolvedPage } from '../../../model/snapshot.ts';

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
 * The popup settings the admin is editing, the latest whole ones. Listened for from the start
 * (the popups mount late, once the extras are read): the admin sends them just before the page,
 * which it repeats until the viewer answers, so none is missed.
 */
let editedPopups: PopupCtas | null = null;
const popupListeners = new Set<() => void>();
if (CANVAS_AT_LOAD) {
  window.addEventListener('message', (event) => {
    if (event.source !== window.parent || !isCanvasPopupsMessage(event.data)) return;
    editedPopups = event.data.popups;
    for (const listener of popupListeners) listener();
  });
}
const onPopups = (listener: () => void) => {
  popupListeners.add(listener);
  return () => popupListeners.delete(listener);
};

/** The popup settings being edited in the admin, or null (not a canvas, or the popup section not opened): the saved ones apply. */
export function useCanvasPopups(): PopupCtas | null {
  return useSyncExternalStore(
    onPopups,
    () => editedPopups,
    () => null,
  );
}

/**
 * The media the edited content names that the page's map lacks (uploaded after the canvas
 * loaded), looked up one by one at the preview (`{basePath}_media/{id}`) and kept for the visit.
 */
function useLateMedia(content: ResolvedPage['content'] | undefined, known: MediaMap | undefined, basePath: string): MediaMap {
  const [found, setFound] = useState<MediaMap>({});
  const missing = content ? pageMediaUrls(content).filter((url) => !known?.[url] && !found[url] && parseMediaUrl(url)) : [];
  const key = missing.join(' ');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` is the missing URLs; each is asked for once.
  useEffect(() => {
    for (const url of missing) {
      const mediaId = parseMediaUrl(url)?.mediaId;
      if (!mediaId || asked.has(url)) continue;
      asked.add(url);
      void fetch(`${basePath}${PREVIEW_MEDIA_ENTRY}/${encodeURIComponent(mediaId)}`)
        .then((response) => (response.ok ? (response.json() as Promise<MediaMap[string]>) : null))
        .then((entry) => {
          if (entry) setFound((current) => ({ ...current, [url]: entry }));
          else asked.delete(url);
        })
        .catch(() => asked.delete(url));
    }
  }, [key, basePath]);
  return found;
}
const asked = new Set<string>();

/**
 * The pages with the content the admin is editing laid over them. Messages are taken only from
 * the framing window, in the canvas message's shape; the answer goes back to the origin the
 * message came from, which the preview's frame-ancestors limits to the admin.
 */
export function useCanvasPages(pages: Record<string, ResolvedPage>, shownPageId: string | undefined, basePath: string): Record<string, ResolvedPage> {
  const [edited, setEdited] = useState<{ pageId: string; content: ResolvedPage['content'] } | null>(null);
  const [adminOrigin, setAdminOrigin] = useState<string | null>(null);
  const [, remeasure] = useReducer((count: number) => count + 1, 0);
  const canvas = isCanvas();
  useEffect(() => {
    if (!canvas) return;
    const receive = (event: MessageEvent) => {
      if (event.source !== window.parent || !isCanvasPageMessage(event.data)) return;
      setAdminOrigin(event.origin);
      setEdited({ pageId: event.data.pageId, content: event.data.content });
    };
    window.addEventListener('message', receive);
    // The admin resizes the frame to another screen: the page moves, so it is measured again.
    window.addEventListener('resize', remeasure);
    return () => {
      window.removeEventListener('message', receive);
      window.removeEventListener('resize', remeasure);
    };
  }, [canvas]);
  const base = edited ? pages[edited.pageId] : undefined;
  const late = useLateMedia(edited?.content, base?.media, basePath);
  const merged = edited && base ? { ...pages, [edited.pageId]: { ...base, content: edited.content, media: { ...late, ...base.media } } } : pages;
  // After each render with edited content, tell the admin where the elements landed.
  useEffect(() => {
    if (!canvas || !adminOrigin || !shownPageId) return;
    const frame = requestAnimationFrame(() => {
      const measured = measureBoxes(shownPageId);
      if (!measured) return;
      const message: CanvasBoxesMessage = { type: 'sg-canvas-boxes', pageId: shownPageId, ...measured };
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

/**
 * Where the page is drawn in the frame (its viewport's pixels: the admin lays its handles over it
 * at any frame size) and where each placed element of it is, in reference-viewport pixels from the
 * page's corner (the units the form stores).
 */
export function measureBoxes(pageId: string): Pick<CanvasBoxesMessage, 'page' | 'boxes'> | null {
  const page = document.querySelector(`.sg-page[data-page-id="${CSS.escape(pageId)}"]`);
  if (!page) return null;
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
  return { page: { x: frame.left, y: frame.top, w: frame.width, h: frame.height }, boxes };
}
