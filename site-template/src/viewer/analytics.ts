import { COOKIE_LIFETIME_DAYS, COOKIE_NAMES } from '../../../model/constants.ts';
import type { ContractBody } from '../../../model/contracts/contract.ts';
import type { visitorContracts } from '../../../model/contracts/visitor.ts';
import type { Language } from '../../../model/language.ts';
import type { VisitorEventType } from '../../../model/visitor-event.ts';

/**
 * Analytics of V §7: events go to `POST /api/end-user/events` in batches by navigator.sendBeacon
 * (it survives the page being closed), a batch every 2 s at most or when the page is hidden.
 * Cookies: sessionId and variationId for ten years, experimentId when the address names one,
 * and on each click the ids of what was clicked.
 */
export type TrackedEvent = { type: VisitorEventType; siteId: string; pageId?: string; position?: string; lang?: Language; targetId?: string };

const ENDPOINT = '/api/end-user/events' satisfies `/api${typeof visitorContracts.sendEvents.path}`;
const FLUSH_AFTER_MS = 2000;
const BATCH_MAX = 100;
const TEN_YEARS_S = COOKIE_LIFETIME_DAYS * 24 * 3600;
const OPAQUE_ID = /^[A-Za-z0-9_.:-]{1,64}$/;

let queue: (TrackedEvent & { sessionId: string; variationId: string; referrer?: string; at: number })[] = [];
let timer: ReturnType<typeof setTimeout> | null = null;
let listening = false;

function readCookie(name: string): string | null {
  const found = document.cookie.split('; ').find((pair) => pair.startsWith(`${name}=`));
  return found ? decodeURIComponent(found.slice(name.length + 1)) : null;
}

function writeCookie(name: string, value: string, maxAgeS?: number): void {
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; samesite=lax${maxAgeS ? `; max-age=${maxAgeS}` : ''}`;
}

function randomId(): string {
  return crypto.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/** The visitor's long-lived ids, made once (V §7: sessionId and variationId, 10-year cookies). */
export function visitorIds(): { sessionId: string; variationId: string } {
  const ids = { sessionId: readCookie(COOKIE_NAMES.sessionId), variationId: readCookie(COOKIE_NAMES.variationId) };
  const query = new URLSearchParams(window.location.search);
  // An address naming a variation or experiment (an A/B link) sets it; otherwise the visitor keeps theirs.
  const variation = query.get('variation_id');
  const experiment = query.get('experiment_id');
  if (variation && OPAQUE_ID.test(variation)) ids.variationId = variation;
  if (experiment && OPAQUE_ID.test(experiment)) writeCookie(COOKIE_NAMES.experimentId, experiment);
  if (!ids.sessionId || !OPAQUE_ID.test(ids.sessionId)) ids.sessionId = randomId();
  if (!ids.variationId || !OPAQUE_ID.test(ids.variationId)) ids.variationId = randomId();
  writeCookie(COOKIE_NAMES.sessionId, ids.sessionId, TEN_YEARS_S);
  writeCookie(COOKIE_NAMES.variationId, ids.variationId, TEN_YEARS_S);
  return ids as { sessionId: string; variationId: string };
}

/** Sends what is queued, in beacons of at most 100 events. */
export function flushEvents(): void {
  if (timer) clearTimeout(timer);
  timer = null;
  while (queue.length > 0) {
    const batch = queue.slice(0, BATCH_MAX);
    queue = queue.slice(BATCH_MAX);
    const body = JSON.stringify({ events: batch } satisfies ContractBody<typeof visitorContracts.sendEvents>);
    if (!navigator.sendBeacon?.(ENDPOINT, body)) void fetch(ENDPOINT, { method: 'POST', body, keepalive: true }).catch(() => {});
  }
}

/** Queues one event; the batch leaves within 2 s, or at once when the page is hidden. */
export function trackEvent(event: TrackedEvent): void {
  const referrer = document.referrer ? document.referrer.slice(0, 1024) : undefined;
  queue.push({ ...event, ...visitorIds(), ...(referrer ? { referrer } : {}), at: Date.now() });
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

export type ClickCookies = { pageId?: string; buttonId?: string; linkId?: string; ctaId?: string; type?: 'BUTTON' | 'LINK'; position?: string; popupId?: string };

/** V §7: the cookies a click sets (session cookies: they describe the last click only). */
export function setClickCookies(click: ClickCookies): void {
  for (const [name, value] of Object.entries(click)) if (value) writeCookie(COOKIE_NAMES[name as keyof ClickCookies], value);
}
