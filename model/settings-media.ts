import { parseMediaUrl } from './media-url.ts';
import type { SiteSettings } from './site.ts';

// No zod here: the viewer maps these URLs in the browser.

/**
 * The media the visitor-facing settings use (popup CTAs, campaign, notifications). These are
 * read from the saved settings without a republish, so they have no published derivatives.
 */
export function settingsMediaUrls(settings: Pick<SiteSettings, 'popupCtas' | 'campaign' | 'notifications'>): Set<string> {
  const urls = new Set<string>();
  const add = (url: string | undefined | null) => {
    if (url) urls.add(url);
  };
  for (const item of [settings.popupCtas.timeLimit, settings.popupCtas.applicantLimit]) {
    add(item?.imageUrl);
    add(item?.media.url);
  }
  const campaign = settings.campaign;
  if (campaign) {
    add(campaign.backgroundImage);
    for (const banner of campaign.banners) add(banner.mediaUrl);
    for (const button of campaign.buttons) {
      add(button.buttonImageUrl);
      add(button.thumbnailUrl);
    }
  }
  for (const notification of settings.notifications) add(notification.imageUrl);
  return urls;
}

/**
 * Where a visitor's browser loads a settings medium: an upload of this site goes through the
 * visitor API on the site origin (the draft's `/api/site/…/media/…` is the admin's); any other
 * URL is used as it is.
 * @example settingsMediaSrc('abc', '/api/site/abc/media/m1') // '/api/end-user/site/abc/settings-media/m1'
 */
export function settingsMediaSrc(siteId: string, url: string): string {
  const ref = parseMediaUrl(url);
  return ref && ref.siteId === siteId ? `/api/end-user/site/${siteId}/settings-media/${ref.mediaId}` : url;
}
