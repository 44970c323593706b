import type { ContractResponse } from './contracts/contract.ts';
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
