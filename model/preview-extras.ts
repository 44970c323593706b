import type { ContractResponse } from './contracts/contract.ts';
import { parseMediaUrl } from './media-url.ts';
import type { visitorContracts } from './contracts/visitor.ts';
import type { Campaign } from './site.ts';

/**
 * What a draft's preview offers its viewer in place of the visitor API's popup, campaign and
 * notification calls, which act for no site on the preview origin: the same answers, read from the
 * draft's settings, in one file beside the page (`{basePath}_extras`), media under the preview's
 * own path. Types only: the viewer reads it without zod.
 */
export type PreviewExtras = {
  popups: ContractResponse<typeof visitorContracts.listPopups>['popups'];
  campaign: Campaign | null;
  notifications: ContractResponse<typeof visitorContracts.notifications>['notifications'];
  nextChangeInMs: number | null;
};

/** The file's name under the preview's base path. */
export const PREVIEW_EXTRAS_FILE = '_extras';

/** Where the canvas looks up a draft medium the page it was given names but its map lacks (uploaded after it loaded). */
export const PREVIEW_MEDIA_ENTRY = '_media';

/**
 * Where a preview loads a settings upload of its own site: under its own path (`{basePath}media/{id}`);
 * any other URL as it is. The preview's extras and the canvas's unsaved popups both use it.
 * @example previewMediaUrl('/api/site/s1/media/m1', 's1', '/preview/s1/t/') // '/preview/s1/t/media/m1'
 */
export function previewMediaUrl(url: string, siteId: string, basePath: string): string {
  const ref = parseMediaUrl(url);
  return ref && ref.siteId === siteId ? `${basePath}media/${ref.mediaId}` : url;
}
