import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contract, contractKey, type Contract } from './contract.ts';
import { ADMIN_CONTRACTS, CONTRACT_AREAS, SITE_CONTRACTS } from './index.ts';
import { buildOpenApiDocument, openApiPath, pathParameterNames } from './openapi.ts';
import { openApiDocumentSchema, type OpenApiDocument } from './openapi-document.ts';
import { change, read, VISITOR } from './policy.ts';

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;
type JsonObject = Record<string, unknown>;

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Every operation of the document with its path and method. */
function operations(document: OpenApiDocument): { path: string; method: string; operation: JsonObject; item: JsonObject }[] {
  return Object.entries(document.paths).flatMap(([path, item]) => METHODS.flatMap((method) => (isObject(item[method]) ? [{ path, method, operation: item[method], item }] : [])));
}

/** Every `$ref` the document holds, with whether it resolves to an object inside the document. */
function refs(document: OpenApiDocument): { ref: string; resolves: boolean }[] {
  const found: { ref: string; resolves: boolean }[] = [];
  const resolve = (ref: string): unknown =>
    ref
      .slice(2)
      .split('/')
      .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce<unknown>((node, part) => (isObject(node) ? node[part] : undefined), document);
  const walk = (node: unknown) => {
    if (Array.isArray(node)) node.forEach(walk);
    if (!isObject(node)) return;
    if (typeof node.$ref === 'string') found.push({ ref: node.$ref, resolves: node.$ref.startsWith('#/') && isObject(resolve(node.$ref)) });
    Object.values(node).forEach(walk);
  };
  walk(document);
  return found;
}

/** Every schema object the document holds: under `schema`, `schemas`, and inside them. */
function schemasOf(document: OpenApiDocument): unknown[] {
  const found: unknown[] = [...Object.values(document.components.schemas)];
  const walk = (node: unknown) => {
    if (Array.isArray(node)) node.forEach(walk);
    if (!isObject(node)) return;
    if ('schema' in node) found.push(node.schema);
    Object.values(node).forEach(walk);
  };
  walk(document.paths);
  return found;
}

/** The structural checks every document must pass, whatever contracts it is made of. */
async function expectSound(document: OpenApiDocument, admin: readonly Contract[], site: readonly Contract[]) {
  expect(openApiDocumentSchema.parse(document)).toEqual(document);
  const validator = new Validator();
  const result = await validator.validate(structuredClone(document));
  expect(result.errors ?? []).toEqual([]);
  expect(result.valid).toBe(true);
  expect(validator.version).toBe('3.1');

  const listed = operations(document);
  // Every contract appears once, at its OpenAPI path and method, and nothing else does.
  expect(listed.map(({ path, method }) => `${method.toUpperCase()} ${path}`).sort()).toEqual([...admin, ...site].map((declared) => `${declared.method} ${openApiPath(declared.path)}`).sort());
  for (const declared of [...admin, ...site]) {
    const { operation, item } = listed.find(({ path, method }) => path === openApiPath(declared.path) && method === declared.method.toLowerCase())!;
    expect(operation.summary).toBe(declared.summary);
    expect(operation['x-policy']).toEqual(declared.policy);
    expect(Array.isArray(operation.tags) && operation.tags.length === 1).toBe(true);
    expect(document.tags.map((tag) => tag.name)).toContain((operation.tags as string[])[0]);
    // Path parameters match the placeholders, in order.
    const parameters = (Array.isArray(operation.parameters) ? operation.parameters : []).filter(isObject);
    const inPath = parameters.filter((parameter) => parameter.in === 'path');
    expect(inPath.map((parameter) => parameter.name)).toEqual(pathParameterNames(declared.path));
    expect([...openApiPath(declared.path).matchAll(/\{(\w+)\}/g)].map((match) => match[1])).toEqual(pathParameterNames(declared.path));
    expect(inPath.every((parameter) => parameter.required === true)).toBe(true);
    // The success status, and the error body on every refusal.
    const responses = operation.responses as JsonObject;
    expect(Object.keys(responses)).toContain(String(declared.status ?? 200));
    for (const [status, response] of Object.entries(responses)) {
      if (Number(status) >= 400) expect(response).toEqual({ $ref: expect.stringMatching(/^#\/components\/responses\//) });
    }
    if (declared.policy.access === 'session') expect(responses['401']).toBeDefined();
    expect(Boolean(operation.requestBody)).toBe(Boolean(declared.body));
    // Site-origin endpoints are served on each published site's origin.
    if (declared.origin === 'site') expect(item.servers).toEqual([expect.objectContaining({ url: '{siteOrigin}' })]);
    else expect(item.servers).toBeUndefined();
  }
  for (const { ref, resolves } of refs(document)) expect({ ref, resolves }).toEqual({ ref, resolves: true });
  for (const schema of schemasOf(document)) expect(isObject(schema)).toBe(true);
  // No JSON Schema's own definitions are left behind: they moved to the components.
  expect(JSON.stringify(document)).not.toContain('"$defs"');
  expect(JSON.stringify(document)).not.toContain('"$schema"');
  const errorBody = document.components.schemas.Error as JsonObject;
  expect(Object.keys(errorBody.properties as JsonObject).sort()).toEqual(['code', 'issues', 'key', 'message']);
}

describe('the OpenAPI document', () => {
  it('describes every declared contract, soundly, as OpenAPI 3.1', async () => {
    const document = buildOpenApiDocument({ version: '0.1.0', sessionCookie: 'sg_session', description: 'Hello' });
    await expectSound(document, ADMIN_CONTRACTS, SITE_CONTRACTS);
    expect(document.components.securitySchemes.session).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'sg_session' });
    const startPublish = document.paths['/api/site/{id}/publish']!.post as JsonObject;
    expect(startPublish).toMatchObject({
      operationId: 'publishing.startPublish',
      tags: ['publishing'],
      security: [{ session: [] }, { apiKey: [] }, { apiKeyBasic: [] }],
      responses: { 202: { description: 'Accepted' } },
    });
    // The bearer scheme of API keys, and the calls a key can never make.
    expect(document.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect((document.paths['/api/api-key']!.post as JsonObject).security).toEqual([{ session: [] }]);
    const events = document.paths['/api/site/{id}/publish/{publishId}/events']!.get as JsonObject;
    expect(events.responses).toMatchObject({ 200: { content: { 'text/event-stream': { schema: { type: 'string' } } } } });
    const exportZip = document.paths['/api/site/{id}/export.zip']!.get as JsonObject;
    expect(exportZip.responses).toMatchObject({ 200: { content: { 'application/zip': { schema: { type: 'string', contentMediaType: 'application/zip' } } } } });
    expect(document.paths['/api/openapi.json']!.get).toMatchObject({ security: [] });
    // The admin calls that count attempts per email and address say they can answer 429.
    for (const limited of ['/api/auth/login', '/api/auth/forgot-password']) expect(Object.keys((document.paths[limited]!.post as JsonObject).responses as JsonObject)).toContain('429');
  });

  it('lists every contract in an area, so each has its tag and operation id', () => {
    const inAreas = new Set(Object.values(CONTRACT_AREAS).flatMap((group) => Object.values(group)));
    expect([...ADMIN_CONTRACTS, ...SITE_CONTRACTS].filter((declared) => !inAreas.has(declared)).map(contractKey)).toEqual([]);
  });

  it('describes queries, JSON and multipart bodies, site-origin endpoints and recursive schemas', async () => {
    type Node = { name: string; children: Node[] };
    const node: z.ZodType<Node> = z.object({
      name: z.string(),
      get children() {
        return z.array(node);
      },
    });
    const admin = [
      contract({
        method: 'GET',
        path: '/thing',
        origin: 'admin',
        summary: 'List things',
        policy: read('none'),
        query: z.object({ q: z.string().optional(), page: z.string().regex(/^\d+$/).transform(Number) }),
        response: z.object({ things: z.array(z.string()) }),
      }),
      contract({
        method: 'PUT',
        path: '/thing/:id/part/:partId',
        origin: 'admin',
        summary: 'Change a part',
        policy: change('site'),
        body: z.object({ name: z.string().min(1).max(20), at: z.iso.datetime().transform((text) => new Date(text)) }),
        response: z.object({ ok: z.literal(true) }),
      }),
      contract({
        method: 'POST',
        path: '/thing/:id/file',
        origin: 'admin',
        summary: 'Upload a file',
        policy: change('site'),
        body: { kind: 'upload', field: 'file', description: 'an image', maxFileBytes: 1024 },
        response: z.object({ id: z.string() }),
        status: 201,
      }),
      contract({ method: 'POST', path: '/tree', origin: 'admin', summary: 'A recursive body', policy: change('none'), body: node, response: node }),
    ];
    const site = [
      contract({ method: 'POST', path: '/visit/:siteId', origin: 'site', summary: 'A visitor call', policy: VISITOR, body: z.object({ email: z.email() }), response: z.object({ sent: z.boolean() }) }),
    ];
    const document = buildOpenApiDocument({
      version: '1',
      sessionCookie: 'sg_session',
      admin,
      site,
      areas: { things: { list: admin[0]!, part: admin[1]!, upload: admin[2]!, tree: admin[3]! }, visitor: { visit: site[0]! } },
      siteOrigin: 'https://sites.test',
    });
    await expectSound(document, admin, site);
    const list = document.paths['/api/thing']!.get as JsonObject;
    expect(list.parameters).toEqual([{ name: 'q', in: 'query', required: false, schema: { type: 'string' } }, expect.objectContaining({ name: 'page', in: 'query', required: true })]);
    const part = document.paths['/api/thing/{id}/part/{partId}']!.put as JsonObject;
    // The body as the client sends it (the date is a string); 400 for a bad one.
    expect(part.requestBody).toMatchObject({ required: true, content: { 'application/json': { schema: { properties: { at: { type: 'string', format: 'date-time' } }, required: ['name', 'at'] } } } });
    expect(Object.keys(part.responses as JsonObject).sort()).toEqual(['200', '400', '401', '403', '404']);
    expect((document.paths['/api/thing/{id}/file']!.post as JsonObject).requestBody).toMatchObject({ content: { 'multipart/form-data': { schema: { required: ['file'] } } } });
    const visit = document.paths['/api/visit/{siteId}']!;
    expect(visit.servers).toEqual([expect.objectContaining({ url: '{siteOrigin}', variables: { siteOrigin: expect.objectContaining({ default: 'https://sites.test' }) } })]);
    expect(Object.keys((visit.post as JsonObject).responses as JsonObject).sort()).toEqual(['200', '400', '404', '429']);
    expect(Object.keys(document.components.schemas).some((name) => name.startsWith('things.tree'))).toBe(true);
  });

  it('refuses an endpoint declared twice', () => {
    const twice = contract({ method: 'GET', path: '/x', origin: 'admin', summary: 'x', policy: read('none'), response: z.object({}) });
    expect(() => buildOpenApiDocument({ version: '1', sessionCookie: 's', admin: [twice, { ...twice }], site: [], areas: {} })).toThrow('declared twice');
  });
});
