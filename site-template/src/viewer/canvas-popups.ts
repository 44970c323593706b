import { applicantRemaining, POPUP_KINDS } from '../../../model/popup-cta.ts';
import { previewMediaUrl } from '../../../model/preview-extras.ts';
import type { PopupCtas } from '../../../model/site.ts';
import type { PopupView } from './extras-types.ts';

type Site = { siteId: string; basePath: string };

/**
 * The popups the canvas draws from the settings being edited, as the preview's extras would list
 * them once saved (api/visitor/list-popups.ts): each kind with its remaining places, its uploads
 * under the preview's path. Applicants counted since the last save are the server's to know: a
 * popup already saved keeps the click count the preview gave it.
 */
export function editedPopupViews(edited: PopupCtas, saved: readonly PopupView[], site: Site): PopupView[] {
  const local = (url: string) => previewMediaUrl(url, site.siteId, site.basePath);
  return POPUP_KINDS.flatMap((kind): PopupView[] => {
    const item = edited[kind];
    if (!item) return [];
    const view = { ...item, kind, imageUrl: local(item.imageUrl), media: { ...item.media, url: local(item.media.url) } };
    if (kind === 'timeLimit') return [{ ...view, remaining: null }];
    const numberClicks = saved.find((popup) => popup.kind === kind && popup.id === item.id)?.numberClicks ?? item.numberClicks;
    return [{ ...view, numberClicks, remaining: applicantRemaining(item, numberClicks) }];
  });
}
