import { z } from 'zod';

/**
 * The viewer's answer to the page editor's canvas (model/canvas.ts has the admin's message and the
 * flag, without zod, for the viewer's sake): checked against this schema on arrival in the admin.
 */

/** An element's box on the page, in the reference viewport's pixels (375 × 739). */
export const canvasBoxSchema = z.object({ key: z.string(), x: z.number(), y: z.number(), w: z.number(), h: z.number() });

/** Where the page itself is drawn in the canvas frame, in the frame's own pixels (the page fills a phone's frame; on PC it is the centred column). */
export const canvasPageRectSchema = z.object({ x: z.number(), y: z.number(), w: z.number(), h: z.number() });

/** Viewer → admin: where the shown page and each placed element of it are drawn. */
export const canvasBoxesMessageSchema = z.object({ type: z.literal('sg-canvas-boxes'), pageId: z.string(), page: canvasPageRectSchema, boxes: z.array(canvasBoxSchema) });

export type CanvasBox = z.infer<typeof canvasBoxSchema>;
export type CanvasPageRect = z.infer<typeof canvasPageRectSchema>;
export type CanvasBoxesMessage = z.infer<typeof canvasBoxesMessageSchema>;
