import { describe, expect, it } from 'vitest';
import { popupCtaItemSchema } from '../../../model/site.ts';
import { editedPopupViews } from './canvas-popups.ts';
import type { PopupView } from './extras-types.ts';

const site = { siteId: 's1', basePath: '/preview/s1/token/' };
const item = (fields: Record<string, unknown>) => popupCtaItemSchema.parse({ effectivePages: [1], ...fields });

describe('the popups the canvas draws from unsaved settings', () => {
  it('lists the kinds present, the time-limited one first, with its uploads under the preview', () => {
    const views = editedPopupViews(
      {
        applicantLimit: item({ id: 'a1', limit: 50 }),
        timeLimit: item({ id: 't1', media: { url: '/api/site/s1/media/m1', type: 'IMAGE' }, imageUrl: 'https://cdn.example.com/x.png' }),
      },
      [],
      site,
    );
    expect(views.map((view) => [view.kind, view.id, view.remaining])).toEqual([
      ['timeLimit', 't1', null],
      ['applicantLimit', 'a1', 50],
    ]);
    expect(views[0]!.media.url).toBe('/preview/s1/token/media/m1');
    expect(views[0]!.imageUrl).toBe('https://cdn.example.com/x.png');
  });

  it('keeps the applicants the preview counted for a popup already saved, whatever its new limit', () => {
    const saved: PopupView = { ...item({ id: 'a1', limit: 50 }), kind: 'applicantLimit', numberClicks: 12, remaining: 38 };
    const [view] = editedPopupViews({ applicantLimit: item({ id: 'a1', limit: 40 }) }, [saved], site);
    expect(view).toMatchObject({ numberClicks: 12, remaining: 28 });
    // A new popup (another id) has counted none.
    const [fresh] = editedPopupViews({ applicantLimit: item({ id: 'a2', limit: 40 }) }, [saved], site);
    expect(fresh).toMatchObject({ numberClicks: 0, remaining: 40 });
  });

  it('lists none when every kind is switched off', () => {
    expect(editedPopupViews({}, [], site)).toEqual([]);
  });
});
