import type { PageContent } from './page.ts';
import type { PopupCtas } from './site.ts';

/** The preview's address flag that turns the viewer's canvas mode on (read only under /preview/). */
export const CANVAS_FLAG = 'sg-edit';

/** Admin → viewer: show this page with the content being edited (unsaved). */
export type CanvasPageMessage = { type: 'sg-canvas-page'; pageId: string; content: PageContent };

/** Admin → viewer: draw the popups from these settings (unsaved, only the kinds switched on) in place of the saved ones. */
export type CanvasPopupsMessage = { type: 'sg-canvas-popups'; popups: PopupCtas };

const isObject = (value: unknown): value is object => typeof value === 'object' && value !== null;

/**
 * Whether a message is the admin's page content, by its shape. The admin sends only content its
 * schema accepted (CanvasFrame); the viewer checks the shape without zod, which visitors' pages
 * would otherwise carry (rollup puts a dynamically imported schema's modules in shared chunks).
 */
export function isCanvasPageMessage(data: unknown): data is CanvasPageMessage {
  if (!isObject(data) || !('type' in data) || data.type !== 'sg-canvas-page' || !('pageId' in data) || typeof data.pageId !== 'string' || !('content' in data)) return false;
  const { content } = data;
  return (
    isObject(content) &&
    'detail' in content &&
    isObject(content.detail) &&
    'buttons' in content &&
    Array.isArray(content.buttons) &&
    'links' in content &&
    Array.isArray(content.links) &&
    'products' in content &&
    Array.isArray(content.products)
  );
}

const POPUP_PARTS = ['style', 'media', 'transition'] as const;

/**
 * Whether a message is the admin's popup settings, by its shape (no zod, as for the page): each
 * kind present is an item with its style, media, transition and pages. The admin sends only items
 * popupCtaItemSchema accepted (popup-form.ts).
 */
export function isCanvasPopupsMessage(data: unknown): data is CanvasPopupsMessage {
  if (!isObject(data) || !('type' in data) || data.type !== 'sg-canvas-popups' || !('popups' in data) || !isObject(data.popups)) return false;
  const { popups } = data;
  return Object.entries(popups).every(
    ([kind, item]) =>
      (kind === 'timeLimit' || kind === 'applicantLimit') &&
      isObject(item) &&
      'id' in item &&
      typeof item.id === 'string' &&
      'effectivePages' in item &&
      Array.isArray(item.effectivePages) &&
      POPUP_PARTS.every((part) => isObject(Reflect.get(item, part))),
  );
}
