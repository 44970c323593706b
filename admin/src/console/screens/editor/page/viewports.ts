import { REFERENCE_VIEWPORT } from '../../../../../../model/constants.ts';

/**
 * The screens the canvas and the preview show a page at: the size items are designed on (the
 * reference viewport), three common phones, and a PC window (the viewer's centred column, the
 * campaign's panels beside it).
 */
export const VIEWPORTS = [
  { id: 'design', width: REFERENCE_VIEWPORT.width, height: REFERENCE_VIEWPORT.height },
  { id: 'small', width: 375, height: 667 },
  { id: 'phone', width: 390, height: 844 },
  { id: 'large', width: 430, height: 932 },
  { id: 'pc', width: 1280, height: 720 },
] as const;

export type Viewport = (typeof VIEWPORTS)[number];
export type ViewportId = Viewport['id'];

export const viewportById = (id: string): Viewport => VIEWPORTS.find((viewport) => viewport.id === id) ?? VIEWPORTS[0];
