import type { ContractResponse } from '../../../model/contracts/contract.ts';
import type { visitorContracts } from '../../../model/contracts/visitor.ts';
import type { Campaign, DeliveredNotification } from '../../../model/site.ts';

/** One popup as `GET …/popup-cta` lists it (docs/visitor-api.md). */
export type PopupView = ContractResponse<typeof visitorContracts.listPopups>['popups'][number];

/** `GET …/campaign`: the campaign with live click counts. */
export type CampaignAnswer = ContractResponse<typeof visitorContracts.campaign>;

/** `GET …/noti_delivery`: the notifications inside their date window in the visitor's language, and when to ask again. */
export type NotificationsAnswer = ContractResponse<typeof visitorContracts.notifications>;

export type SiteExtrasData = { popups: PopupView[]; campaign: Campaign | null; notifications: DeliveredNotification[] };
