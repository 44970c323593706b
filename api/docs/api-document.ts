import { buildOpenApiDocument } from '../../model/contracts/openapi.ts';
import type { OpenApiDocument } from '../../model/contracts/openapi-document.ts';
import { SESSION_COOKIE } from '../identity/sessions.ts';
import { introduction } from './introduction.ts';
import { PRODUCT_VERSION } from '../product-version.ts';

/** The OpenAPI document this server answers: every contract, with the introduction for its own origin. */
export function apiDocument(origins: { adminOrigin: string; siteOrigin?: string }): OpenApiDocument {
  return buildOpenApiDocument({
    version: PRODUCT_VERSION,
    sessionCookie: SESSION_COOKIE,
    description: introduction(origins.adminOrigin, SESSION_COOKIE),
    ...(origins.siteOrigin ? { siteOrigin: origins.siteOrigin } : {}),
  });
}
