import { Hono } from 'hono';
import { docsContracts as contracts } from '../../model/contracts/docs.ts';
import type { OpenApiDocument } from '../../model/contracts/openapi-document.ts';
import type { AppEnv } from '../http/env.ts';
import { route } from '../http/route.ts';
import { apiDocument } from './api-document.ts';
import { referencePage } from './reference-page.ts';
import { viewerScript } from './viewer-script.ts';

/** The API describing itself on the admin origin: the OpenAPI document, its reference page and the page's viewer. */
export function docsRoutes(origins: { adminOrigin: string; siteOrigin?: string }) {
  const app = new Hono<AppEnv>();
  // Built once per origin: the contracts do not change while the process runs.
  const documents = new Map<string, OpenApiDocument>();
  route(app, contracts.openApiDocument, ({ c }) => {
    // With PORT=0 the configured origin ends in :0 until the server listens; the request knows the real one.
    const adminOrigin = origins.adminOrigin.endsWith(':0') ? new URL(c.req.url).origin : origins.adminOrigin;
    const known = documents.get(adminOrigin);
    if (known) return known;
    const document = apiDocument({ ...origins, adminOrigin });
    documents.set(adminOrigin, document);
    return document;
  });
  route(app, contracts.apiReference, ({ c }) => referencePage(c));
  route(app, contracts.apiReferenceViewer, ({ c }) => viewerScript(c));
  return app;
}
