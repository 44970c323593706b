import { Hono } from 'hono';
import { docsContracts as contracts } from '../../model/contracts/docs.ts';
import type { OpenApiDocument } from '../../model/contracts/openapi-document.ts';
import type { AppEnv } from '../env.ts';
import { route } from '../http/route.ts';
import { apiDocument } from './api-document.ts';
import { referencePage } from './reference-page.ts';
import { viewerScript } from './viewer-script.ts';

/** The API describing itself on the admin origin: the OpenAPI document, its reference page and the page's viewer. */
export function docsRoutes(origins: { adminOrigin: string; siteOrigin?: string }) {
  const app = new Hono<AppEnv>();
  let document: OpenApiDocument | undefined;
  route(app, contracts.openApiDocument, () => (document ??= apiDocument(origins)));
  route(app, contracts.apiReference, ({ c }) => referencePage(c));
  route(app, contracts.apiReferenceViewer, ({ c }) => viewerScript(c));
  return app;
}
