import { parsePosition } from '../../../model/position.ts';
import { DWELL_MAX_MS, TAP_FRAME, tapBin, type MoveDirection } from '../../../model/visitor-event-kinds.ts';
import { flushEvents, rememberCell, trackEvent, type Where } from './analytics.ts';

/** Where the visitor is: a cell and its page. */
export type Place = { cell: string; pageId: string };

/**
 * The visitor's path through the grid as events (issue 13): the landing (the first page seen,
 * with where the visitor came from), each move with its direction, the time spent on each cell,
 * the exit (the last cell, and the direction of a swipe that tried to leave the grid just before,
 * or `leave`), and taps binned over the design frame. One viewer per page, so the state is the
 * module's. A page hidden and shown again sends an exit and goes on: an exit followed by more
 * events of the same visit was a pause.
 */
let site: Where | null = null;
let place: Place | null = null;
let since = 0;
/** The direction of the swipe that is moving the visitor now (a jump by menu or link has none). */
let swiping: MoveDirection | null = null;
/** A swipe the grid refused at its edge, since the last move or tap. */
let edge: MoveDirection | null = null;
let hidden = false;

/** Which way a jump went, from the two cells' positions. */
function directionBetween(from: string, to: string): MoveDirection {
  const a = parsePosition(from);
  const b = parsePosition(to);
  if (!a || !b || a.columnIndex === b.columnIndex) return (b?.row ?? 0) > (a?.row ?? 0) ? 'down' : 'up';
  return b.columnIndex > a.columnIndex ? 'right' : 'left';
}

function dwell(now: number) {
  if (site && place) trackEvent(site, { type: 'dwell', cell: place.cell, pageId: place.pageId, ms: Math.min(DWELL_MAX_MS, Math.max(0, Math.round(now - since))) });
}

function leave() {
  if (!site || !place || hidden) return;
  hidden = true;
  dwell(Date.now());
  trackEvent(site, { type: 'exit', cell: place.cell, pageId: place.pageId, direction: edge ?? 'leave' });
  flushEvents();
}

function resume() {
  if (!hidden) return;
  hidden = false;
  since = Date.now();
  edge = null;
}

/** The first page this viewer shows: the landing, with the referrer's host (another site's only) and the UTM parameters. */
export function land(where: Where, first: Place): void {
  site = where;
  place = first;
  since = Date.now();
  rememberCell(first.cell);
  const query = new URLSearchParams(window.location.search);
  const utm = (name: string) => query.get(`utm_${name}`)?.slice(0, 100) || undefined;
  let referrerHost: string | undefined;
  try {
    const host = document.referrer ? new URL(document.referrer).hostname : '';
    if (host && host !== window.location.hostname) referrerHost = host;
  } catch {
    // A referrer that is no URL names no host.
  }
  trackEvent(where, { type: 'landing', cell: first.cell, pageId: first.pageId, referrerHost, utmSource: utm('source'), utmMedium: utm('medium'), utmCampaign: utm('campaign') });
  document.addEventListener('visibilitychange', () => (document.visibilityState === 'hidden' ? leave() : resume()));
  window.addEventListener('pagehide', leave);
  window.addEventListener('pageshow', resume);
}

/** A swipe (or arrow key, or wheel turn): `moved` when the grid let it through, else it tried to leave the grid. */
export function noteSwipe(direction: MoveDirection, moved: boolean): void {
  if (moved) swiping = direction;
  else edge = direction;
}

/** The visitor now sees `to`: the move from the cell before, and the time spent there. */
export function arrive(to: Place): void {
  if (!site || !place || to.cell === place.cell) return;
  const now = Date.now();
  dwell(now);
  trackEvent(site, { type: 'slide_page', cell: place.cell, to: to.cell, pageId: to.pageId, direction: swiping ?? directionBetween(place.cell, to.cell) });
  swiping = null;
  edge = null;
  place = to;
  since = now;
  rememberCell(to.cell);
}

/** Where the visitor is now, for the clicks of parts drawn outside the pages (campaign panels). */
export function currentPlace(): Place | null {
  return place;
}

/** A tap (click) on a page: its position on the 375 × 739 design frame, binned. */
export function noteTap(event: MouseEvent): void {
  edge = null;
  const target = event.target instanceof Element ? event.target : null;
  const page = target?.closest<HTMLElement>('.sg-page[data-position]');
  if (!site || !page?.dataset.position) return;
  const box = page.getBoundingClientRect();
  if (box.width === 0 || box.height === 0) return;
  const bin = tapBin(((event.clientX - box.left) / box.width) * TAP_FRAME.width, ((event.clientY - box.top) / box.height) * TAP_FRAME.height);
  trackEvent(site, { type: 'tap', cell: page.dataset.position, ...(page.dataset.pageId ? { pageId: page.dataset.pageId } : {}), ...bin });
}
