import { CAMPAIGN_SLIDER_POSITION } from './constants.ts';
import type { Campaign } from './site.ts';

/**
 * V §4, B §4: a campaign is active only when now is at or after its startDate and (it has no
 * endDate or now is at or before it); without a startDate it is not active.
 * @example isCampaignActive({ startDate: null, endDate: null }, new Date()) // false
 */
export function isCampaignActive(campaign: Pick<Campaign, 'startDate' | 'endDate'>, now: Date): boolean {
  if (!campaign.startDate) return false;
  const at = now.getTime();
  if (at < Date.parse(campaign.startDate)) return false;
  return !campaign.endDate || at <= Date.parse(campaign.endDate);
}

/** Whether an active campaign's side panels show beside a page of this order (its row). */
export function isCampaignOnPage(campaign: Pick<Campaign, 'startDate' | 'endDate' | 'effectivePages'>, pageOrder: number, now: Date): boolean {
  return isCampaignActive(campaign, now) && campaign.effectivePages.includes(pageOrder);
}

/**
 * V §4: the side-panel slider position: 2 for a centred landing page, 1 for one on the left, 3 otherwise.
 * @example campaignSliderPosition('left') // 1
 */
export function campaignSliderPosition(positionLp: Campaign['positionLp']): 1 | 2 | 3 {
  return CAMPAIGN_SLIDER_POSITION[positionLp];
}
