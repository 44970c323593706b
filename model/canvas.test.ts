import { describe, expect, it } from 'vitest';
import { isCanvasPageMessage } from './canvas.ts';
import { pageContentSchema } from './page.ts';

describe('the canvas page message', () => {
  const content = pageContentSchema.parse({});
  it('is recognised in its shape', () => {
    expect(isCanvasPageMessage({ type: 'sg-canvas-page', pageId: 'p1', content })).toBe(true);
  });
  it('is refused in any other shape', () => {
    for (const data of [
      null,
      'sg-canvas-page',
      { type: 'sg-canvas-boxes', pageId: 'p1', content },
      { type: 'sg-canvas-page', pageId: 1, content },
      { type: 'sg-canvas-page', content },
      { type: 'sg-canvas-page', pageId: 'p1' },
      { type: 'sg-canvas-page', pageId: 'p1', content: { ...content, detail: null } },
      { type: 'sg-canvas-page', pageId: 'p1', content: { ...content, buttons: {} } },
      { type: 'sg-canvas-page', pageId: 'p1', content: { detail: {}, buttons: [], links: [] } },
    ]) {
      expect(isCanvasPageMessage(data)).toBe(false);
    }
  });
});
