import { PREVIEW_EXTRAS_FILE, type PreviewExtras } from '../../../model/preview-extras.ts';
import type { SiteSnapshot } from '../../../model/snapshot.ts';
import type { CampaignAnswer, NotificationsAnswer, PopupView, SiteExtrasData } from './extras-types.ts';

// The page's language names the texts: the banner shows each notification in it, or in the default language where it has none.
const notificationsPath = (siteId: string, lang: string) => `/api/end-user/noti_delivery?site_id=${encodeURIComponent(siteId)}&lang=${encodeURIComponent(lang)}`;
const previewExtrasPath = (site: Site) => `${site.basePath}${PREVIEW_EXTRAS_FILE}?lang=${encodeURIComponent(site.lang)}`;

async function getJson<T>(path: string): Promise<T | null> {
  try {
    const response = await fetch(path, { headers: { accept: 'application/json' } });
    return response.ok ? ((await response.json()) as T) : null;
  } catch {
    return null;
  }
}

type Site = Pick<SiteSnapshot, 'siteId' | 'basePath' | 'lang'>;

/** A draft's preview (and the editor's canvas) has no visitor API for its site: it reads the same answers from the draft beside the page. */
const isPreview = (site: Site) => site.basePath.startsWith('/preview/');

/** The popups, campaign and notifications to show, and when the notifications change next. */
export async function loadExtras(site: Site): Promise<{ data: SiteExtrasData; nextChangeInMs: number | null }> {
  if (isPreview(site)) {
    const answer = await getJson<PreviewExtras>(previewExtrasPath(site));
    return { data: { popups: answer?.popups ?? [], campaign: answer?.campaign ?? null, notifications: answer?.notifications ?? [] }, nextChangeInMs: answer?.nextChangeInMs ?? null };
  }
  const base = `/api/end-user/site/${encodeURIComponent(site.siteId)}`;
  const [popups, campaign, notifications] = await Promise.all([
    getJson<{ popups: PopupView[] }>(`${base}/popup-cta`),
    getJson<CampaignAnswer>(`${base}/campaign`),
    getJson<NotificationsAnswer>(notificationsPath(site.siteId, site.lang)),
  ]);
  return {
    data: { popups: popups?.popups ?? [], campaign: campaign?.campaign ?? null, notifications: notifications?.notifications ?? [] },
    nextChangeInMs: notifications?.nextChangeInMs ?? null,
  };
}

/** The notifications inside their window now, asked again when the last answer said they change. */
export async function loadNotifications(site: Site): Promise<NotificationsAnswer | null> {
  if (!isPreview(site)) return getJson<NotificationsAnswer>(notificationsPath(site.siteId, site.lang));
  const answer = await getJson<PreviewExtras>(previewExtrasPath(site));
  return answer && { notifications: answer.notifications, nextChangeInMs: answer.nextChangeInMs };
}
