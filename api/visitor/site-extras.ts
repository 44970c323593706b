import { campaignSliderPosition, isCampaignActive } from '../../model/campaign-rules.ts';
import type { ContractResponse } from '../../model/contracts/contract.ts';
import type { visitorContracts } from '../../model/contracts/visitor.ts';
import type { Language } from '../../model/language.ts';
import { isDelivered, nextWindowChangeMs } from '../../model/notification-delivery.ts';
import { notificationInLanguage } from '../../model/notification-texts.ts';
import type { SiteSettings } from '../../model/site.ts';
import type { Db } from '../db/open-database.ts';
import { campaignClickCounts } from './count-campaign-click.ts';
import type { VisitorSite } from './find-visitor-site.ts';

/** The parts of a site its extras are read from: a published site's, or a draft's in its preview. */
export type ExtrasSite = Pick<VisitorSite, 'id' | 'ownerId' | 'settings'>;

type CampaignAnswer = ContractResponse<typeof visitorContracts.campaign>;
type NotificationsAnswer = ContractResponse<typeof visitorContracts.notifications>;

/**
 * The campaign side panels with their live click counts (V §4, §7). One function for the visitor
 * API and the draft's preview, so a preview shows the counts a visitor would.
 */
export async function campaignAnswer(db: Db, site: ExtrasSite, now: Date): Promise<CampaignAnswer> {
  const campaign = site.settings.campaign;
  if (!campaign) return { campaign: null, active: false, sliderPosition: null };
  const counts = await campaignClickCounts(
    db,
    site.id,
    [...campaign.buttons, ...campaign.banners].map((item) => item.id),
  );
  const withCounts = <T extends { id: string; clickCount: number }>(item: T): T => ({ ...item, clickCount: item.clickCount + (counts.get(item.id) ?? 0) });
  return {
    campaign: { ...campaign, buttons: campaign.buttons.map(withCounts), banners: campaign.banners.map(withCounts) },
    active: isCampaignActive(campaign, now),
    sliderPosition: campaignSliderPosition(campaign.positionLp),
  };
}

/** The notifications inside their date window now, each in the visitor's language (the default language's text where it has none), and when that changes next. */
export function notificationsAnswer(settings: Pick<SiteSettings, 'notifications' | 'defaultLanguage'>, now: Date, lang: Language): NotificationsAnswer {
  const { notifications, defaultLanguage } = settings;
  return {
    notifications: notifications.filter((notification) => isDelivered(notification, now)).map((notification) => notificationInLanguage(notification, lang, defaultLanguage)),
    nextChangeInMs: nextWindowChangeMs(notifications, now),
  };
}
