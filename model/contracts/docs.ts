import { contract, type Contract } from './contract.ts';
import { openApiDocumentSchema } from './openapi-document.ts';
import { PUBLIC } from './policy.ts';

/** The API describing itself: the OpenAPI document made from every contract, and a page to read it. */
export const docsContracts = {
  openApiDocument: contract({
    method: 'GET',
    path: '/openapi.json',
    origin: 'admin',
    summary: 'This API as an OpenAPI 3.1 document, made from its contracts',
    policy: PUBLIC,
    response: openApiDocumentSchema,
  }),
  apiReference: contract({
    method: 'GET',
    path: '/reference',
    origin: 'admin',
    summary: 'A readable reference of this API (an HTML page)',
    policy: PUBLIC,
    response: { kind: 'raw', contentType: 'text/html', description: 'the reference page; its viewer runs from /api/reference/viewer.js' },
  }),
  apiReferenceViewer: contract({
    method: 'GET',
    path: '/reference/viewer.js',
    origin: 'admin',
    summary: "The reference page's viewer script, served from this origin",
    policy: PUBLIC,
    response: { kind: 'raw', contentType: 'text/javascript', description: "Scalar's standalone API reference bundle, from the installed package" },
  }),
} satisfies Record<string, Contract>;
