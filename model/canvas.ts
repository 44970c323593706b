import type { PageContent } from './page.ts';

/** The preview's address flag that turns the viewer's canvas mode on (read only under /preview/). */
export const CANVAS_FLAG = 'sg-edit';

/** Admin → viewer: show this page with the content being edited (unsaved). */
export type CanvasPageMessage = { type: 'sg-canvas-page'; pageId: string; content: PageContent };

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
