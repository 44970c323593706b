import { COOKIE_NAMES } from '../../../model/constants.ts';
import type { ContractBody } from '../../../model/contracts/contract.ts';
import type { visitorContracts } from '../../../model/contracts/visitor.ts';
import type { Language } from '../../../model/language.ts';
import type { VisitorEvent } from '../../../model/visitor-event.ts';

/**
 * Analytics of V §7: events go to `POST /api/end-user/events` in batches by navigator.sendBeacon
 * (it survives the page being closed), a batch every 2 s at most or when the page is hidden.
 * Who the visitor is, is the server's to say (the `sessionId` cookie it sets on this origin, or
 * nothing on a cookieless site); the viewer sets only the click cookies of V §7, and not even
 * those on a cookieless site. Nothing is sent from a preview.
 */
type Omitted<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
export type TrackedEvent = Omitted<VisitorEvent, 'at'>;
export type Where = { siteId: string; lang: Language; cookieless?: boolean };

const ENDPOINT = '/api/end-user/events' satisfies `/api${typeof visitorContracts.sendEvents.path}`;
const FLUSH_AFTER_MS = 2000;
const BATCH_MAX = 100;
/** The cell last shown in this tab, for the screens (contact, form, registration) a page leads to. */
const CELL_KEY = 'sg-cell';
// Read as the module loads: the address sync soon replaces a preview's address with the visitor's.
const OFF = typeof window === 'undefined' || window.location.pathname.startsWith('/preview/');

let where: Where | null = null;
let queue: VisitorEvent[] = [];
let timer: ReturnType<typeof setTimeout> | null = null;
let listening = false;

/** Sends what is queued, in beacons of at most 100 events. */
export function flushEvents(): void {
  if (timer) clearTimeout(timer);
  timer = null;
  while (queue.length > 0 && where) {
    const events = queue.slice(0, BATCH_MAX);
    queue = queue.slice(BATCH_MAX);
    const body = JSON.stringify({ siteId: where.siteId, lang: where.lang, events } satisfies ContractBody<typeof visitorContracts.sendEvents>);
    if (!navigator.sendBeacon?.(ENDPOINT, body)) void fetch(ENDPOINT, { method: 'POST', body, keepalive: true, credentials: 'same-origin' }).catch(() => {});
  }
}

/** Queues one event of this site and language; the batch leaves within 2 s, or at once when the page is hidden. */
export function trackEvent(site: Where, event: TrackedEvent): void {
  if (OFF) return;
  if (where && (where.siteId !== site.siteId || where.lang !== site.lang)) flushEvents();
  where = site;
  queue.push({ ...event, at: Date.now() });
  if (!listening) {
    listening = true;
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') flushEvents();
    });
    window.addEventListener('pagehide', flushEvents);
  }
  if (queue.length >= BATCH_MAX) flushEvents();
  else timer ??= setTimeout(flushEvents, FLUSH_AFTER_MS);
}

/** Keeps the cell shown for this tab only (sessionStorage: no cookie, gone with the tab). */
export function rememberCell(cell: string): void {
  try {
    sessionStorage.setItem(CELL_KEY, cell);
  } catch {
    // Storage refused (private mode, quota): a conversion is then filed under the first cell.
  }
}

/** The cell this tab showed last, `A1` when none. */
export function lastCell(): string {
  try {
    const cell = sessionStorage.getItem(CELL_KEY);
    if (cell && /^[A-Z]{1,3}[1-9][0-9]{0,2}$/.test(cell)) return cell;
  } catch {
    // As above.
  }
  return 'A1';
}

export type ClickCookies = { pageId?: string; buttonId?: string; linkId?: string; ctaId?: string; type?: 'BUTTON' | 'LINK'; position?: string; popupId?: string };

/** V §7: the cookies a click sets (session cookies: they describe the last click only); none on a cookieless site. */
export function setClickCookies(site: { cookieless?: boolean }, click: ClickCookies): void {
  if (site.cookieless) return;
  for (const [name, value] of Object.entries(click)) if (value) document.cookie = `${COOKIE_NAMES[name as keyof ClickCookies]}=${encodeURIComponent(value)}; path=/; samesite=lax`;
}
