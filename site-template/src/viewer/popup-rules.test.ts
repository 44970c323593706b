import { describe, expect, it } from 'vitest';
import { popupCtaTransitionSchema } from '../../../model/site.ts';
import { nextTickMs, openPopups, popupDestination } from './popup-rules.ts';

const transition = (input: Record<string, unknown>) => popupCtaTransitionSchema.parse(input);

describe('popup transitions (V §3)', () => {
  it('opens the contact, form and registration screens for INTERNAL_URL', () => {
    expect(popupDestination(transition({ transitionType: 'INTERNAL_URL', internalLinkType: 'contact' }))).toEqual({ kind: 'screen', screen: 'contact' });
    expect(popupDestination(transition({ transitionType: 'INTERNAL_URL', internalLinkType: 'form' }))).toEqual({ kind: 'screen', screen: 'forms' });
    expect(popupDestination(transition({ transitionType: 'INTERNAL_URL', internalLinkType: 'membership' }))).toEqual({ kind: 'screen', screen: 'register' });
    expect(popupDestination(transition({ transitionType: 'INTERNAL_URL' }))).toBeNull();
  });

  it('reads CREATIVE_BLOCK and its legacy name LINK_TO_PAGE as a position code or a page order', () => {
    expect(popupDestination(transition({ transitionType: 'CREATIVE_BLOCK', targetCreativeBlock: 'B3' }))).toEqual({ kind: 'position', code: 'B3' });
    expect(popupDestination(transition({ transitionType: 'LINK_TO_PAGE', targetCreativeBlock: '2' }))).toEqual({ kind: 'page', order: 2 });
    expect(popupDestination({ ...transition({}), transitionType: 'LINK_TO_PAGE', targetCreativeBlock: 'c1' })).toEqual({ kind: 'position', code: 'C1' });
    expect(popupDestination(transition({ transitionType: 'CREATIVE_BLOCK' }))).toBeNull();
  });

  it('runs a script only when it parses, opens a survey only with its id, an external URL only when it is one', () => {
    expect(popupDestination(transition({ transitionType: 'SCRIPT', script: 'window.x = 1' }))).toEqual({ kind: 'script', source: 'window.x = 1' });
    expect(popupDestination(transition({ transitionType: 'SCRIPT', script: 'window.x = (' }))).toBeNull();
    expect(popupDestination(transition({ transitionType: 'SURVEY', linkedSurveyId: 'survey_1' }))).toEqual({ kind: 'survey', surveyId: 'survey_1' });
    expect(popupDestination(transition({ transitionType: 'SURVEY' }))).toBeNull();
    expect(popupDestination(transition({ transitionType: 'EXTERNAL_URL', externalLinkUrl: 'https://example.com/' }))).toEqual({ kind: 'external', url: 'https://example.com/' });
    expect(popupDestination(transition({ transitionType: 'EXTERNAL_URL' }))).toBeNull();
  });
});

describe('countdown ticks', () => {
  it('waits until the shown minute or hour changes', () => {
    expect(nextTickMs(90_500, 60_000)).toBe(30_500);
    expect(nextTickMs(120_000, 60_000)).toBe(60_000);
    expect(nextTickMs(3 * 3600_000 + 5, 3600_000)).toBe(5);
    expect(nextTickMs(0, 60_000)).toBe(0);
  });
});

describe('open popups (one per visit, issue 27)', () => {
  it('opens the fresh ones on arrival and leaves them behind on another page', () => {
    const first = openPopups({ pageId: '', ids: [] }, 'p1', ['time', 'apply'], ['time', 'apply']);
    expect(first).toEqual({ pageId: 'p1', ids: ['time', 'apply'] });
    // Both were shown: on the next page, though they apply there too, nothing opens again.
    expect(openPopups(first, 'p2', ['time', 'apply'], [])).toEqual({ pageId: 'p2', ids: [] });
  });

  it('keeps an open popup on its page while it applies, and adds one that starts applying', () => {
    const open = { pageId: 'p1', ids: ['time'] };
    expect(openPopups(open, 'p1', ['time', 'apply'], ['apply'])).toEqual({ pageId: 'p1', ids: ['time', 'apply'] });
    // Its window closed (or its page order no longer applies): it goes.
    expect(openPopups(open, 'p1', [], [])).toEqual({ pageId: 'p1', ids: [] });
  });

  it('opens nothing that does not apply on the page, fresh or not', () => {
    expect(openPopups({ pageId: '', ids: [] }, 'p2', [], ['time'])).toEqual({ pageId: 'p2', ids: [] });
  });
});
