import { z } from 'zod';
import { pageContentSchema } from './page.ts';

/**
 * The page editor's canvas is the preview of the draft, framed by the admin: the viewer renders
 * the page with its own components and the admin draws its handles over it. These are the only
 * messages the two exchange (postMessage), each checked against its schema on arrival. The
 * viewer loads this module only as a canvas, so visitors' pages carry no zod.
 */

/** Admin → viewer: show this page with the content being edited (unsaved). */
export const canvasPageMessageSchema = z.object({ type: z.literal('sg-canvas-page'), pageId: z.string(), content: pageContentSchema });

/** An element's box on the page, in the reference viewport's pixels (375 × 739). */
export const canvasBoxSchema = z.object({ key: z.string(), x: z.number(), y: z.number(), w: z.number(), h: z.number() });

/** Viewer → admin: the viewer is ready for content, and where each placed element of the shown page is drawn. */
export const canvasBoxesMessageSchema = z.object({ type: z.literal('sg-canvas-boxes'), pageId: z.string(), boxes: z.array(canvasBoxSchema) });

export type CanvasPageMessage = z.infer<typeof canvasPageMessageSchema>;
export type CanvasBox = z.infer<typeof canvasBoxSchema>;
export type CanvasBoxesMessage = z.infer<typeof canvasBoxesMessageSchema>;
