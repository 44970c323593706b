import type { VisitorSubPath } from './visitor-path.ts';

// No zod here: the visitor viewer bundles this file, where every byte is paid for.

/**
 * Where a visitor's click leads: a button, a link area, a page's link button, a product's link,
 * a popup call to action, a campaign item or a members-only lock. The viewer carries one out in
 * a single exhaustive switch, so a new kind cannot be forgotten there.
 *
 * - `page`: the page at this order (1-based row) in the category the visitor is in.
 * - `position`: the page at a position code anywhere in the grid (a popup's CREATIVE_BLOCK), upper case.
 * - `screen`: one of the site's own screens (contact, forms, register, login, survey …).
 * - `survey`: the survey screen showing this survey.
 * - `external`: an http(s) URL or a path on the site's own origin, opened in a new tab.
 * - `script`: the owner's script, run on the site's own origin; it already parses.
 */
export type Destination =
  | { kind: 'page'; order: number }
  | { kind: 'position'; code: string }
  | { kind: 'screen'; screen: VisitorSubPath }
  | { kind: 'survey'; surveyId: string }
  | { kind: 'external'; url: string }
  | { kind: 'script'; source: string };

const PAGE_ORDER = /^[1-9][0-9]{0,2}$/;
// A site-relative path may not start with '//': the browser would read a protocol-relative URL.
const FOLLOWED_URL = /^(https?:\/\/|\/(?!\/))/i;

/**
 * A page order (1 to 999, no leading zero) as a destination, or null when the text is not one.
 * @example pageDestination(' 3 ') // { kind: 'page', order: 3 }
 */
export function pageDestination(text: string): Destination | null {
  const order = text.trim();
  return PAGE_ORDER.test(order) ? { kind: 'page', order: Number(order) } : null;
}

/**
 * An external link as a destination: an http(s) URL or a path on the site's own origin. Anything
 * else (javascript:, data:, protocol-relative //host) is null, so a click never runs it.
 * @example externalDestination('javascript:alert(1)') // null
 */
export function externalDestination(text: string): Destination | null {
  const url = text.trim();
  return FOLLOWED_URL.test(url) ? { kind: 'external', url } : null;
}
