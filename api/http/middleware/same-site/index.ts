import type { MiddlewareHandler } from 'hono';
import { AppError } from '../../errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses a state-changing request that a browser says came from another site (CSRF), by
 * `Sec-Fetch-Site` where the browser sends it and by `Origin` otherwise. Requests without
 * either header (scripts, curl, tests) are not browsers acting for someone else.
 */
export function sameSite(options: { allowedOrigins: string[] /** Origins known only at run time (an OEM's registered admin host). */; alsoAllowed?: (origin: string) => boolean }): MiddlewareHandler {
  if (!options?.allowedOrigins?.length) throw new Error('sameSite needs at least one allowed origin');
  const listed = new Set(options.allowedOrigins);
  const allowed = { has: (origin: string) => listed.has(origin) || (options.alsoAllowed?.(origin) ?? false) };
  return async function sameSite(c, next) {
    if (!SAFE_METHODS.has(c.req.method)) {
      const fetchSite = c.req.header('sec-fetch-site');
      const origin = c.req.header('origin');
      const crossSite = fetchSite ? fetchSite !== 'same-origin' && fetchSite !== 'none' && !(origin && allowed.has(origin)) : Boolean(origin && !allowed.has(origin));
      if (crossSite) throw new AppError('forbidden', 'crossSite');
    }
    await next();
  };
}
