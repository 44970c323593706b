import { z } from 'zod';
import { contractKey, type Contract } from './contract.ts';
import { errorResponseSchema } from './error-response.ts';
import { ADMIN_CONTRACTS, CONTRACT_AREAS, SITE_CONTRACTS } from './index.ts';
import type { OpenApiDocument, OpenApiServer } from './openapi-document.ts';
import type { Policy } from './policy.ts';

type JsonObject = Record<string, unknown>;

export type OpenApiOptions = {
  /** The document's version: the product's. */
  version: string;
  /** The name of the back-office session cookie. */
  sessionCookie: string;
  /** Markdown shown above the endpoints: how to sign in and call the API. */
  description?: string;
  /** Where published sites are served, when one origin serves them (the site-origin paths' default server). */
  siteOrigin?: string;
  admin?: readonly Contract[];
  site?: readonly Contract[];
  areas?: Readonly<Record<string, Readonly<Record<string, Contract>>>>;
};

/** Every JSON Schema the document holds is written in this dialect (zod's default target). */
const DIALECT = 'https://json-schema.org/draft/2020-12/schema';

const AREA_DESCRIPTIONS: Readonly<Record<string, string>> = {
  identity: 'Signing in, accounts, their users and sub-admins',
  sites: 'Sites and their drafts: grid, pages, categories, media, surveys, previews',
  publishing: 'Publishing a draft, following it, versions and rollback',
  docs: 'This reference and the document it is made from',
  visitor: "Calls a published site's visitors make, on the site's own origin",
};

/** The refusals, each a response of the document's components with the one error body. */
const ERRORS = {
  400: { name: 'BadRequest', description: 'The body or the query is not what the endpoint reads; `issues` names the fields.' },
  401: { name: 'Unauthenticated', description: 'No valid session (or member token): sign in first.' },
  403: { name: 'Forbidden', description: "Signed in, but the caller's type, role, authority, contract or plan does not allow this; or a cross-site request." },
  404: { name: 'NotFound', description: "Nothing by that id in the caller's reach (another branch's things are not found, never refused)." },
  429: { name: 'TooManyRequests', description: 'Too many requests from this client; wait and try again.' },
  503: { name: 'Unavailable', description: 'The request could not be stored now; nothing was kept. Try again shortly.' },
} as const;
type ErrorStatus = keyof typeof ERRORS;

const SUCCESS_TEXT = { 200: 'OK', 201: 'Created', 202: 'Accepted' } as const;

/** `/site/:id/page/:pageId` → `/api/site/{id}/page/{pageId}`; a Hono parameter's `{regex}` is dropped. */
export function openApiPath(path: string): string {
  return `/api${path.replace(/:(\w+)(?:\{[^}]*\})?\??/g, '{$1}')}`;
}

/** The path parameters of a Hono path, in order. */
export function pathParameterNames(path: string): string[] {
  return [...path.matchAll(/:(\w+)/g)].map((match) => match[1]!);
}

/** What a policy asks, in a sentence, for the operation's description. */
function policyText(policy: Policy): string {
  switch (policy.access) {
    case 'public':
      return 'Open to anyone.';
    case 'visitor':
      return "Open to a published site's visitors, on its own origin; rate-limited per client.";
    case 'member':
      return "A member's bearer token of this site.";
    case 'session': {
      const types = policy.types === 'all' ? 'every account type' : policy.types.join(', ');
      const target = {
        none: '',
        site: ' The site must be in the caller’s branch.',
        account: ' The account must be in the caller’s branch.',
        parent: ' The new account’s parent must be in the caller’s branch.',
      }[policy.target];
      const change = policy.change ? ' A change: refused to viewers, view authority and inactive or terminated contracts.' : '';
      const roles = policy.roles ? ` Admin roles: ${policy.roles.join(', ')}.` : '';
      const plan = policy.planFlag ? ` Needs the plan flag ${policy.planFlag}.` : '';
      return `Signed in (${types}).${target}${change}${roles}${plan}`;
    }
  }
}

/** The statuses a contract can be refused with, from what it reads and who it lets in. */
function refusals(declared: Contract): ErrorStatus[] {
  const statuses: ErrorStatus[] = [];
  if (declared.body || declared.query) statuses.push(400);
  const { access } = declared.policy;
  if (access === 'session' || access === 'member') statuses.push(401);
  // The admin origin refuses a cross-site change (CSRF) before anything else.
  if (access === 'session' || (declared.origin === 'admin' && declared.method !== 'GET')) statuses.push(403);
  if (pathParameterNames(declared.path).length > 0) statuses.push(404);
  if (declared.origin === 'site' || declared.limited) statuses.push(429);
  if (declared.mayBeBusy) statuses.push(503);
  return statuses;
}

/**
 * Builds the OpenAPI 3.1 document of every contract: paths in OpenAPI form, path and query
 * parameters, JSON or multipart bodies, the success response and the refusals (one error body),
 * the permission policy as `x-policy`, tags by area, and the session cookie as the security
 * scheme. Site-origin endpoints carry a path-level server: each published site's own origin.
 *
 * @example buildOpenApiDocument({ version: '0.1.0', sessionCookie: 'sg_session' }).paths['/api/site/{id}/publish']
 */
export function buildOpenApiDocument(options: OpenApiOptions): OpenApiDocument {
  const admin = options.admin ?? ADMIN_CONTRACTS;
  const site = options.site ?? SITE_CONTRACTS;
  const areas = options.areas ?? CONTRACT_AREAS;
  const schemas: Record<string, JsonObject> = {};
  const named = new Map<Contract, { area: string; name: string }>();
  for (const [area, group] of Object.entries(areas)) for (const [name, declared] of Object.entries(group)) named.set(declared, { area, name });

  /** A zod schema as JSON Schema; its own definitions (recursion, registered ids) move to the components. */
  function jsonSchema(schema: z.ZodType, io: 'input' | 'output', prefix: string): JsonObject {
    const { $schema: _dialect, $defs, ...converted } = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' });
    const rename = (ref: string) => (ref === '#' ? `#/components/schemas/${prefix}` : ref.replace(/^#\/\$defs\//, `#/components/schemas/${prefix}_`));
    const relocated = relocateRefs(converted, rename);
    for (const [name, definition] of Object.entries($defs ?? {})) schemas[`${prefix}_${name}`] = relocateRefs({ ...definition }, rename);
    if (!containsRef(converted, '#')) return relocated;
    // A schema that refers to itself lives in the components, and the operation refers to it.
    schemas[prefix] = relocated;
    return { $ref: `#/components/schemas/${prefix}` };
  }

  const server = siteServer(options.siteOrigin);
  const paths: Record<string, JsonObject> = {};
  const used = new Set<string>();
  for (const declared of [...admin, ...site]) {
    const path = openApiPath(declared.path);
    const item = paths[path] ?? (declared.origin === 'site' ? { servers: [server] } : {});
    paths[path] = item;
    if ((item.servers !== undefined) !== (declared.origin === 'site')) throw new Error(`${path} is declared on both origins`);
    const method = declared.method.toLowerCase();
    if (item[method]) throw new Error(`${contractKey(declared)} is declared twice`);
    const { area = 'other', name = operationIdOf(declared) } = named.get(declared) ?? {};
    item[method] = operation(declared, area, name, jsonSchema);
    used.add(area);
  }

  return {
    openapi: '3.1.0',
    info: { title: 'Swipegrid API', version: options.version, ...(options.description ? { description: options.description } : {}) },
    jsonSchemaDialect: DIALECT,
    servers: [{ url: '/', description: 'The admin origin: the back office and its API' }],
    tags: Object.keys(areas)
      .filter((area) => used.has(area))
      .map((area) => ({ name: area, ...(AREA_DESCRIPTIONS[area] ? { description: AREA_DESCRIPTIONS[area] } : {}) })),
    paths,
    components: {
      schemas: { Error: jsonSchema(errorResponseSchema, 'output', 'Error'), ...schemas },
      responses: Object.fromEntries(Object.values(ERRORS).map(({ name, description }) => [name, { description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } }])),
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: options.sessionCookie, description: 'The back-office session, set by `POST /api/auth/login` (HttpOnly, SameSite=Lax).' },
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'sgk_…',
          description:
            'An API key issued in the console (`POST /api/api-key`): `Authorization: Bearer sgk_…` acts as the account that issued it. A `read` key makes GET calls only; a key limited to addresses answers 403 `ipNotAllowed` from any other; a revoked key answers 401.',
        },
        apiKeyBasic: {
          type: 'http',
          scheme: 'basic',
          description: "An API key's basic-auth ID and password, when the key was issued with them: the same key, for clients that only speak basic auth.",
        },
        member: { type: 'http', scheme: 'bearer', description: "A member's token of one published site, from its member login." },
      },
    },
  };
}

type ToJsonSchema = (schema: z.ZodType, io: 'input' | 'output', prefix: string) => JsonObject;

/** A raw answer's body: text is a string; anything else (a ZIP, say) is bytes of its media type (OpenAPI 3.1's way of saying binary). */
function rawSchema(contentType: string): JsonObject {
  return /^text\//.test(contentType) ? { type: 'string' } : { type: 'string', contentMediaType: contentType };
}

/** One operation of the document. */
function operation(declared: Contract, area: string, name: string, jsonSchema: ToJsonSchema): JsonObject {
  const id = `${area}.${name}`;
  const parameters: JsonObject[] = pathParameterNames(declared.path).map((param) => ({ name: param, in: 'path', required: true, schema: { type: 'string' } }));
  if (declared.query) parameters.push(...queryParameters(jsonSchema(declared.query, 'input', `${id}.query`)));
  const status = declared.status ?? 200;
  const { response } = declared;
  const success =
    'kind' in response
      ? { description: response.description, content: { [response.contentType]: { schema: rawSchema(response.contentType) } } }
      : { description: SUCCESS_TEXT[status], content: { 'application/json': { schema: jsonSchema(response, 'output', `${id}.response`) } } };
  const { access } = declared.policy;
  return {
    operationId: id,
    summary: declared.summary,
    description: policyText(declared.policy),
    tags: [area],
    ...(parameters.length ? { parameters } : {}),
    ...(declared.body ? { requestBody: requestBody(declared.body, jsonSchema, id) } : {}),
    responses: {
      [String(status)]: success,
      ...Object.fromEntries(refusals(declared).map((code) => [String(code), { $ref: `#/components/responses/${ERRORS[code].name}` }])),
    },
    security: access === 'session' ? sessionSecurity(declared.policy) : access === 'member' ? [{ member: [] }] : [],
    'x-policy': declared.policy,
  };
}

/** A session call takes the cookie, or an API key unless the call is about sessions and keys themselves. */
function sessionSecurity(policy: Policy): JsonObject[] {
  return policy.access === 'session' && policy.sessionOnly ? [{ session: [] }] : [{ session: [] }, { apiKey: [] }, { apiKeyBasic: [] }];
}

function requestBody(body: NonNullable<Contract['body']>, jsonSchema: ToJsonSchema, id: string): JsonObject {
  if ('kind' in body) {
    const schema = { type: 'object', properties: { [body.field]: { type: 'string', contentMediaType: 'application/octet-stream', description: body.description } }, required: [body.field] };
    return { required: true, description: body.description, content: { 'multipart/form-data': { schema } } };
  }
  return { required: true, content: { 'application/json': { schema: jsonSchema(body, 'input', `${id}.body`) } } };
}

/** A query schema's properties, one parameter each; a query that is no plain object is one form-style parameter. */
function queryParameters(schema: JsonObject): JsonObject[] {
  const properties = schema.properties;
  if (!isObject(properties)) return [{ name: 'query', in: 'query', style: 'form', explode: true, schema }];
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: 'query',
    required: required.has(name),
    schema: property,
    ...(isObject(property) && typeof property.description === 'string' ? { description: property.description } : {}),
  }));
}

function siteServer(siteOrigin: string | undefined): OpenApiServer {
  return {
    url: '{siteOrigin}',
    description: "Served on each published site's own origin (the site origin, or the site's custom domain), never on the admin's",
    variables: { siteOrigin: { default: siteOrigin ?? 'https://sites.example.com', description: 'The origin the published site is served on' } },
  };
}

/** An id for a contract listed in no area: `POST /site/:id/publish` → `post.site.id.publish`. */
function operationIdOf(declared: Contract): string {
  return [
    declared.method.toLowerCase(),
    ...declared.path
      .split('/')
      .filter(Boolean)
      .map((segment) => segment.replace(/^:/, '').replace(/\W+/g, '_')),
  ].join('.');
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A copy of a JSON value with every `$ref` renamed. */
function relocateRefs(value: JsonObject, rename: (ref: string) => string): JsonObject {
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (!isObject(node)) return node;
    return Object.fromEntries(Object.entries(node).map(([key, child]) => [key, key === '$ref' && typeof child === 'string' ? rename(child) : walk(child)]));
  };
  const copy = walk(value);
  return isObject(copy) ? copy : {};
}

function containsRef(node: unknown, ref: string): boolean {
  if (Array.isArray(node)) return node.some((child) => containsRef(child, ref));
  if (!isObject(node)) return false;
  return Object.entries(node).some(([key, child]) => (key === '$ref' && child === ref) || containsRef(child, ref));
}
