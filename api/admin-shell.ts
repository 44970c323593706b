import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Hono } from 'hono';
import { contentTypeFor } from '../storage/storage.ts';
import { safeDecode } from './http/safe-decode.ts';

export const ADMIN_DIST = fileURLToPath(new URL('../dist/admin/', import.meta.url));

/**
 * Serves the built admin console (a static Astro build). Its pages are `no-cache`; its hashed
 * assets immutable. The admin sets a strict CSP: nothing of an owner's site runs here.
 */
export function adminShell(distDir: string = ADMIN_DIST, options: { frameOrigin?: string } = {}) {
  const csp = (html: string) => adminContentSecurityPolicy(html, options.frameOrigin);
  return new Hono().get('/*', async (c) => {
    const decoded = safeDecode(c.req.path);
    if (decoded === null) return c.text('Not found', 404);
    const path = normalize(decoded).replace(/^(\.\.[/\\])+/, '');
    // A screen of the console's client router (/master/site-list, /login…) gets the shell's page.
    const isScreen = !extname(path) && !decoded.split(/[/\\]/).includes('..');
    const candidates = extname(path) ? [path] : [join(path, 'index.html'), `${path}.html`, ...(isScreen ? ['index.html'] : [])];
    for (const candidate of candidates) {
      const body = await readFile(join(distDir, candidate)).catch(() => null);
      if (!body) continue;
      const immutable = candidate.startsWith('/_astro/');
      return c.body(body, 200, {
        'content-type': contentTypeFor(candidate),
        'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        'content-security-policy': csp(candidate.endsWith('.html') ? body.toString('utf8') : ''),
        'referrer-policy': 'same-origin',
      });
    }
    return c.text('Not found', 404);
  });
}

/**
 * The admin origin's Content-Security-Policy for a page: its own scripts and the hashes of its
 * inline ones, styles inline (React and the reference viewer set them), every fetch to this
 * origin only, and no framing of it.
 */
export function adminContentSecurityPolicy(html: string, frameOrigin?: string): string {
  // The preview is the one frame: the draft rendered on the site origin, never here.
  const frameSrc = frameOrigin ? `; frame-src ${frameOrigin}` : '';
  return `default-src 'self'; img-src 'self' data: blob:; media-src 'self' blob:; style-src 'self' 'unsafe-inline'; script-src 'self' ${inlineScriptHashes(html)}; connect-src 'self'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'${frameSrc}`;
}

/** CSP hashes of a page's own inline scripts (Astro's island loader): those run, nothing injected does. */
export function inlineScriptHashes(html: string): string {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)) {
    hashes.add(`'sha256-${createHash('sha256').update(match[1]!).digest('base64')}'`);
  }
  return [...hashes].join(' ');
}
