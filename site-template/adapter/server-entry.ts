import { createApp } from 'astro/app/entrypoint';

const app = createApp();

/** Renders one request with the given locals (the page's snapshot) into a Response. */
export function render(request: Request, locals: object): Promise<Response> {
  return app.render(request, { locals });
}
