import { describe, expect, it } from 'vitest';
import { isCanvasPageMessage, isCanvasPopupsMessage } from './canvas.ts';
import { pageContentSchema } from './page.ts';
import { popupCtaItemSchema } from './site.ts';

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

describe('the canvas popups message', () => {
  const item = popupCtaItemSchema.parse({ id: 'p1', effectivePages: [1] });
  it('is recognised in its shape, with no popup or either kind', () => {
    expect(isCanvasPopupsMessage({ type: 'sg-canvas-popups', popups: {} })).toBe(true);
    expect(isCanvasPopupsMessage({ type: 'sg-canvas-popups', popups: { timeLimit: item, applicantLimit: { ...item, id: 'p2', limit: 5 } } })).toBe(true);
  });
  it('is refused in any other shape', () => {
    for (const data of [
      null,
      { type: 'sg-canvas-page', popups: {} },
      { type: 'sg-canvas-popups' },
      { type: 'sg-canvas-popups', popups: null },
      { type: 'sg-canvas-popups', popups: { banner: item } },
      { type: 'sg-canvas-popups', popups: { timeLimit: { ...item, id: 3 } } },
      { type: 'sg-canvas-popups', popups: { timeLimit: { ...item, effectivePages: '1' } } },
      { type: 'sg-canvas-popups', popups: { timeLimit: { ...item, style: null } } },
      { type: 'sg-canvas-popups', popups: { applicantLimit: { ...item, transition: undefined } } },
    ]) {
      expect(isCanvasPopupsMessage(data)).toBe(false);
    }
  });
});
