import { eq } from 'drizzle-orm';
import type { SiteDraft } from '../../model/draft.ts';
import type { Language } from '../../model/language.ts';
import { previewMediaUrl, type PreviewExtras } from '../../model/preview-extras.ts';
import type { Db } from '../db/open-database.ts';
import { sites } from '../db/schema.ts';
import { listPopups } from '../visitor/list-popups.ts';
import { campaignAnswer, notificationsAnswer } from '../visitor/site-extras.ts';

/**
 * The popups, campaign and notifications of a draft as its published site would show them now
 * (the visitor API's own functions, the owner's plan deciding the popups), with the settings'
 * uploads under the preview's path, the notifications in the page's language: on the preview origin the visitor API serves no site's media.
 */
export async function previewExtras(db: Db, draft: SiteDraft, basePath: string, now: Date, lang: Language): Promise<PreviewExtras> {
  const owner = await db.select({ ownerId: sites.ownerId }).from(sites).where(eq(sites.id, draft.id)).get();
  if (!owner) return { popups: [], campaign: null, notifications: [], nextChangeInMs: null };
  const site = { id: draft.id, ownerId: owner.ownerId, settings: draft.settings };
  const local = (url: string) => previewMediaUrl(url, draft.id, basePath);
  const popups = (await listPopups(db, site)).map((popup) => ({ ...popup, imageUrl: local(popup.imageUrl), media: { ...popup.media, url: local(popup.media.url) } }));
  const { campaign } = await campaignAnswer(db, site, now);
  const { notifications, nextChangeInMs } = notificationsAnswer(draft.settings, now, lang);
  return {
    popups,
    campaign: campaign && {
      ...campaign,
      backgroundImage: local(campaign.backgroundImage),
      banners: campaign.banners.map((banner) => ({ ...banner, mediaUrl: local(banner.mediaUrl) })),
      buttons: campaign.buttons.map((button) => ({ ...button, buttonImageUrl: local(button.buttonImageUrl), thumbnailUrl: local(button.thumbnailUrl) })),
    },
    notifications: notifications.map((notification) => ({ ...notification, imageUrl: local(notification.imageUrl) })),
    nextChangeInMs,
  };
}
