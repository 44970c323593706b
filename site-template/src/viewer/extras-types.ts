import type { PopupKind } from '../../../model/popup-cta.ts';
import type { Campaign, Notification, PopupCtaItem } from '../../../model/site.ts';

/** One popup as `GET …/popup-cta` lists it (docs/visitor-api.md). */
export type PopupView = PopupCtaItem & { kind: PopupKind; remaining: number | null };

/** `GET …/campaign`: the campaign with live click counts. */
export type CampaignAnswer = { campaign: Campaign | null; active: boolean; sliderPosition: 1 | 2 | 3 | null };

export type SiteExtrasData = { popups: PopupView[]; campaign: Campaign | null; notifications: Notification[] };
