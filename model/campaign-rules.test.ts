import { describe, expect, it } from 'vitest';
import { campaignSliderPosition, isCampaignActive, isCampaignOnPage } from './campaign-rules.ts';
import { isWithinWindow } from './date-window.ts';

const now = new Date('2025-06-01T12:00:00Z');

describe('isCampaignActive (V §4, B §4)', () => {
  it('is inactive without a start date, whatever the end', () => {
    expect(isCampaignActive({ startDate: null, endDate: null }, now)).toBe(false);
    expect(isCampaignActive({ startDate: null, endDate: '2030-01-01T00:00:00Z' }, now)).toBe(false);
  });
  it('is active from its start, inclusive, with no end', () => {
    expect(isCampaignActive({ startDate: '2025-06-01T12:00:00Z', endDate: null }, now)).toBe(true);
    expect(isCampaignActive({ startDate: '2025-06-01T12:00:01Z', endDate: null }, now)).toBe(false);
  });
  it('is active up to its end, inclusive', () => {
    expect(isCampaignActive({ startDate: '2025-01-01T00:00:00Z', endDate: '2025-06-01T12:00:00Z' }, now)).toBe(true);
    expect(isCampaignActive({ startDate: '2025-01-01T00:00:00Z', endDate: '2025-06-01T11:59:59Z' }, now)).toBe(false);
  });
  it('shows on its effective pages only', () => {
    const campaign = { startDate: '2025-01-01T00:00:00Z', endDate: null, effectivePages: [2] };
    expect(isCampaignOnPage(campaign, 2, now)).toBe(true);
    expect(isCampaignOnPage(campaign, 1, now)).toBe(false);
  });
});

describe('campaignSliderPosition (V §4)', () => {
  it('is 2 for centre, 1 for left, 3 otherwise', () => {
    expect([campaignSliderPosition('center'), campaignSliderPosition('left'), campaignSliderPosition('other')]).toEqual([2, 1, 3]);
  });
});

describe('isWithinWindow', () => {
  it('treats a missing start or end as open', () => {
    expect(isWithinWindow(null, null, now)).toBe(true);
    expect(isWithinWindow('2025-06-02T00:00:00Z', null, now)).toBe(false);
    expect(isWithinWindow(null, '2025-05-31T00:00:00Z', now)).toBe(false);
  });
});
