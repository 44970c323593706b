import { Scalar } from '@scalar/hono-api-reference';
import type { Context } from 'hono';
import { adminContentSecurityPolicy } from '../admin-shell.ts';
import type { AppEnv } from '../http/env.ts';

/** Where the page loads its viewer from: this origin (docs.apiReferenceViewer), never a CDN. */
export const VIEWER_PATH = '/api/reference/viewer.js';

/**
 * Scalar's reference page for /api/openapi.json, with nothing reaching beyond this origin: its
 * script from the installed package, no web fonts, no telemetry, no AI agent.
 */
const render = Scalar<AppEnv>({
  url: '/api/openapi.json',
  cdn: VIEWER_PATH,
  pageTitle: 'Swipegrid API reference',
  withDefaultFonts: false,
  telemetry: false,
  agent: { disabled: true },
  mcp: { disabled: true },
  showDeveloperTools: 'never',
  hideDarkModeToggle: false,
});

/**
 * The page under the admin's own Content-Security-Policy, unchanged: the viewer is a script of
 * this origin, its one inline script (the configuration) is allowed by its hash, it injects its
 * styles inline (already allowed for the console) and fetches only the document, from here.
 */
export async function referencePage(c: Context<AppEnv>): Promise<Response> {
  const rendered = await render(c, async () => {});
  if (!rendered) throw new Error('the reference middleware answered nothing');
  const html = await rendered.text();
  return new Response(html, {
    headers: {
      'content-type': 'text/html; charset=UTF-8',
      'cache-control': 'no-cache',
      'content-security-policy': adminContentSecurityPolicy(html),
      'referrer-policy': 'same-origin',
    },
  });
}
