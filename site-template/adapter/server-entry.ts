import { createApp } from 'astro/app/entrypoint';

// Not streamed: a page is rendered whole for storage, and a streamed body is encoded chunk by
// chunk and read back, which cost more than the render itself (bench: render per page).
const app = createApp({ streaming: false });

/** Renders one request with the given locals (the page's snapshot) into a Response. */
export function render(request: Request, locals: object): Promise<Response> {
  return app.render(request, { locals });
}

/** A viewer page's own parts, which the publisher splices into the page's shell (publisher/page-shell.ts). */
export { pagePieces } from '../src/pages/page-pieces.ts';
