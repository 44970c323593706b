import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { assignArm, CONTROL, type RunningExperiment } from '../model/ab/experiment.ts';
import type { Manifest } from '../publisher/versions.ts';
import { variantPath } from '../publisher/variant-drafts.ts';

export const VARIATION_COOKIE = 'variationId';
export const EXPERIMENT_COOKIE = 'experimentId';
/** Visitor spec §7: the analytics cookies last 3650 days. */
const COOKIE_MAX_AGE = 3650 * 24 * 60 * 60;
/** What a visitor id may look like: the ids this host makes (UUIDs) and any short opaque token, as the event schema reads them. */
const VISITOR_ID = /^[A-Za-z0-9_.:-]{1,64}$/;

/** Which file a request is served, and whether the choice depended on the visitor's cookie. */
export type VariantChoice = { path: string; personal: boolean };

/**
 * Picks the arm of a running experiment before a page or a page's data leaves the server, so
 * the first paint already is the visitor's variant and nothing is swapped in the browser. The arm
 * is GrowthBook's hash of the experiment's seed and the `variationId` cookie (made here on the
 * first response), so a returning visitor, and every neighbour the viewer prefetches, gets the same arm.
 * A page without that arm's variant is served as the control.
 *
 * A cookieless site (`cookielessVisitor`, the day's salted hash of its address and browser) gets
 * no cookie at all: its arm is hashed from that id, the same all day for one browser at one
 * address, its neighbours' prefetches included, and the event route stores that id as the events'
 * variationId, so results and rollups put its events in the arm it was shown.
 */
export function chooseVariant(c: Context, manifest: Manifest, path: string, experiment: RunningExperiment | null, cookielessVisitor: string | null = null): VariantChoice {
  if (!experiment || !(path.endsWith('.html') || path.startsWith('_data/'))) return { path, personal: false };
  if (cookielessVisitor !== null) return armPath(manifest, path, assignArm(cookielessVisitor, experiment));
  const secure = new URL(c.req.url).protocol === 'https:';
  // Written by hand: Hono's setCookie refuses a Max-Age past 400 days (RFC 6265bis), while the spec asks 3650; browsers cap it to their own limit.
  const setCookie = (name: string, value: string) => c.header('set-cookie', `${name}=${value}; Max-Age=${COOKIE_MAX_AGE}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`, { append: true });
  let visitor = getCookie(c, VARIATION_COOKIE);
  if (!visitor || !VISITOR_ID.test(visitor)) {
    visitor = randomUUID();
    setCookie(VARIATION_COOKIE, visitor);
  }
  const arm = assignArm(visitor, experiment);
  if (arm !== null && getCookie(c, EXPERIMENT_COOKIE) !== experiment.id) setCookie(EXPERIMENT_COOKIE, experiment.id);
  return armPath(manifest, path, arm);
}

/** The file of an arm: its variant when the page has one, else the control's. */
function armPath(manifest: Manifest, path: string, arm: string | null): VariantChoice {
  if (arm === null || arm === CONTROL) return { path, personal: true };
  const variant = variantPath(arm, path);
  return { path: manifest.files[variant] ? variant : path, personal: true };
}
