import type { MiddlewareHandler } from 'hono';

/**
 * `X-Content-Type-Options: nosniff` on every answer: a browser takes each response as the type
 * we declare (an uploaded image stays an image, JSON stays data), never as a script or a page
 * it guessed from the bytes.
 */
export function noSniff(): MiddlewareHandler {
  return async function noSniff(c, next) {
    await next();
    try {
      c.res.headers.set('X-Content-Type-Options', 'nosniff');
    } catch {
      // A Response made by Response.redirect() or fetch() has immutable headers: answer a copy.
      c.res = new Response(c.res.body, c.res);
      c.res.headers.set('X-Content-Type-Options', 'nosniff');
    }
  };
}
