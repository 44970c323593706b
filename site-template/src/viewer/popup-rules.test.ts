import { describe, expect, it } from 'vitest';
import { popupCtaTransitionSchema } from '../../../model/site.ts';
import { nextTickMs, popupDestination } from './popup-rules.ts';

const transition = (input: Record<string, unknown>) => popupCtaTransitionSchema.parse(input);

describe('popup transitions (V §3)', () => {
  it('opens the contact, form and registration screens for INTERNAL_URL', () => {
    expect(popupDestination(transition({ transitionType: 'INTERNAL_URL', internalLinkType: 'contact' }))).toBe('internal:contact');
    expect(popupDestination(transition({ transitionType: 'INTERNAL_URL', internalLinkType: 'form' }))).toBe('internal:forms');
    expect(popupDestination(transition({ transitionType: 'INTERNAL_URL', internalLinkType: 'membership' }))).toBe('internal:register');
    expect(popupDestination(transition({ transitionType: 'INTERNAL_URL' }))).toBeNull();
  });

  it('reads CREATIVE_BLOCK and its legacy name LINK_TO_PAGE as a position code or a page order', () => {
    expect(popupDestination(transition({ transitionType: 'CREATIVE_BLOCK', targetCreativeBlock: 'B3' }))).toBe('position:B3');
    expect(popupDestination(transition({ transitionType: 'LINK_TO_PAGE', targetCreativeBlock: '2' }))).toBe('page:2');
    expect(popupDestination({ ...transition({}), transitionType: 'LINK_TO_PAGE', targetCreativeBlock: 'c1' })).toBe('position:C1');
    expect(popupDestination(transition({ transitionType: 'CREATIVE_BLOCK' }))).toBeNull();
  });

  it('runs a script only when it parses, opens a survey only with its id, an external URL only when it is one', () => {
    expect(popupDestination(transition({ transitionType: 'SCRIPT', script: 'window.x = 1' }))).toBe('script:window.x = 1');
    expect(popupDestination(transition({ transitionType: 'SCRIPT', script: 'window.x = (' }))).toBeNull();
    expect(popupDestination(transition({ transitionType: 'SURVEY', linkedSurveyId: 'survey_1' }))).toBe('survey:survey_1');
    expect(popupDestination(transition({ transitionType: 'SURVEY' }))).toBeNull();
    expect(popupDestination(transition({ transitionType: 'EXTERNAL_URL', externalLinkUrl: 'https://example.com/' }))).toBe('https://example.com/');
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
