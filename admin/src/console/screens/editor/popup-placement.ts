import { isWithinWindow } from '../../../../../model/date-window.ts';
import { applicantRemaining, type PopupKind } from '../../../../../model/popup-cta.ts';
import type { PopupCtaItem } from '../../../../../model/site.ts';

type Page = { id: string; row: number; position: string };

/** Shown on the canvas's page, or why not, or the page it shows on. */
export type PopupPlacement = { kind: 'shown' } | { kind: 'noPages' } | { kind: 'outsideDates' } | { kind: 'noPlaces' } | { kind: 'elsewhere'; page: Page };

/**
 * Whether the canvas's page shows a popup now, by the viewer's rules (model/popup-cta.ts), and if
 * it does not, why, or which page does: the section says so beside the popup, so the owner knows
 * whether the canvas is showing what they type. `pages` are the site's, column by column.
 */
export function popupPlacement(item: PopupCtaItem, kind: PopupKind, current: Page | undefined, pages: readonly Page[], now: Date): PopupPlacement {
  if (item.effectivePages.length === 0) return { kind: 'noPages' };
  if (!isWithinWindow(item.startDate, item.endDate, now)) return { kind: 'outsideDates' };
  if (kind === 'applicantLimit' && applicantRemaining(item) === 0) return { kind: 'noPlaces' };
  if (current && item.effectivePages.includes(current.row)) return { kind: 'shown' };
  // The nearest page it shows on: down the canvas's own column first, then the others.
  const column = current?.position.replace(/\d+$/, '');
  const applies = (page: Page) => item.effectivePages.includes(page.row);
  const page = pages.find((candidate) => applies(candidate) && candidate.position.replace(/\d+$/, '') === column) ?? pages.find(applies);
  return page ? { kind: 'elsewhere', page } : { kind: 'noPages' };
}
