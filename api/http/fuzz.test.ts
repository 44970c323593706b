import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contractKey, type Contract } from '../../model/contracts/contract.ts';
import { ADMIN_CONTRACTS, SITE_CONTRACTS } from '../../model/contracts/index.ts';
import { createSession, SESSION_COOKIE } from '../identity/sessions.ts';
import { accounts } from '../db/schema.ts';
import { ROUTE_TABLE } from '../permissions/route-table.ts';
import { loadSiteDraft } from '../sites/load-site-draft.ts';
import { saveSurvey } from '../sites/save-survey.ts';
import { surveyInputSchema } from '../../model/survey.ts';
import { addAccount, createTestContext, pngBytes, type TestContext } from '../test-support.ts';
import { anyJson, arbitraryOf, wrongTypeOf } from './schema-arbitrary.ts';

/**
 * Every endpoint, fuzzed: the admin app's (every permission-table row, as the signed-in
 * operator) and the site app's visitor calls (anonymously), with real ids in their paths (and
 * now and then not), random query strings, and bodies both shaped like the contract's body
 * schema and plainly wrong (any JSON, wrong types, huge strings, null, text that is not JSON, the
 * wrong content type, a multipart file). Whatever comes in, the answer is never a 500, and a 4xx
 * answers JSON with a non-empty `message` and a `code`. Fixed seeds: a failure replays.
 */

/** Runs per endpoint and the base seed; FUZZ_RUNS and FUZZ_SEED change them for a deeper run by hand. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 40);
const SEED = Number(process.env.FUZZ_SEED ?? 0x5e1f);

type Body = { kind: 'none' } | { kind: 'json'; value: unknown } | { kind: 'text'; text: string; contentType: string } | { kind: 'multipart'; field: string; name: string; bytes: Uint8Array };
type FuzzRequest = { params: Record<string, string>; query: string; body: Body };
type Endpoint = { key: string; method: string; path: string; origin: 'admin' | 'site'; contract?: Contract };
type Ids = Record<string, string>;

let ctx: TestContext;
let operatorId: string;
/** Real ids to put in the paths: a site of the operator's (published), its page, medium, publish, survey; a user; a sub-admin. */
let ids: Ids;
const publishes: string[] = [];
let sent = 0;
/** How many answers of each status, to see the fuzz reach past the validation. */
const statuses = new Map<number, number>();

beforeAll(async () => {
  ctx = await createTestContext();
  operatorId = (await ctx.db.select().from(accounts).get())!.id;
  const site = await ctx.createSite({ name: 'Fuzz site', numberHorizontal: 1, numberVertical: 2, defaultLanguage: 'jp', languages: ['jp', 'en'] });
  const pageId = (await loadSiteDraft(ctx.db, site.id)).creatives[0]!.pages[0]!.id;
  const media = await ctx.uploadMedia(site.id, await pngBytes(8, 8, '#336699'));
  const { publishId } = await ctx.publish(site.id);
  const survey = await saveSurvey(
    ctx.db,
    site.id,
    surveyInputSchema.parse({ title: 'Fuzz survey', questions: [{ id: 'q1', title: 'Tea or coffee?', type: 'SINGLE', orderNum: 1, options: [{ id: 'tea', value: 'Tea', points: 1 }] }] }),
  );
  const oem = await addAccount(ctx.db, { type: 'OEM_MASTER', parentId: operatorId, planId: 'oem-multilingual' });
  const oemAdmin = await addAccount(ctx.db, { type: 'OEM_ADMIN', parentId: oem.id });
  const user = await addAccount(ctx.db, { type: 'USER', parentId: oemAdmin.id, planId: 'oem-multilingual' });
  const subAdmin = await addAccount(ctx.db, { type: 'SUB_ADMIN', parentId: operatorId, role: 'editor' });
  ids = { site: site.id, page: pageId, media: media.id, publish: publishId, survey: survey.id, user: user.id, subAdmin: subAdmin.id };
});

afterAll(async () => {
  await Promise.all(publishes.map((id) => ctx.jobs.finished(id)));
  await ctx.cleanup();
});

/** The real id for a path parameter, by its name and the segment before it. */
function realParam(path: string, name: string): string {
  const before = path.split('/').filter(Boolean).indexOf(`:${name}`);
  const previous = path.split('/').filter(Boolean)[before - 1] ?? '';
  switch (name) {
    case 'pageId':
      return ids.page!;
    case 'mediaId':
      return ids.media!;
    case 'publishId':
      return ids.publish!;
    case 'surveyId':
      return ids.survey!;
    case 'version':
      return '1';
    case 'variant':
      return 'jp';
    case 'part':
      return 'detail';
  }
  if (name === 'id') {
    if (previous === 'site') return ids.site!;
    if (previous === 'survey') return ids.survey!;
    if (previous === 'user') return ids.user!;
    if (previous === 'sub-admin') return ids.subAdmin!;
  }
  // A parameter of no fixture (a campaign item, a popup, a signature): a plausible word.
  return `fuzz-${name}`;
}

/** The endpoints: every admin table row (with its contract if declared), and the site app's visitor calls. */
function endpoints(): Endpoint[] {
  const adminContracts = new Map(ADMIN_CONTRACTS.map((declared) => [contractKey(declared), declared]));
  const admin = Object.keys(ROUTE_TABLE).map((key): Endpoint => {
    const [method = '', path = ''] = key.split(' ');
    const declared = adminContracts.get(key);
    return { key, method, path, origin: 'admin', ...(declared ? { contract: declared } : {}) };
  });
  const siteKeys = SITE_CONTRACTS.length
    ? SITE_CONTRACTS.map(contractKey)
    : [...new Set(ctx.site.routes.filter((route) => route.method !== 'ALL' && route.path.startsWith('/api/')).map((route) => `${route.method} ${route.path.slice('/api'.length)}`))];
  const siteContracts = new Map(SITE_CONTRACTS.map((declared) => [contractKey(declared), declared]));
  const site = siteKeys.map((key): Endpoint => {
    const [method = '', path = ''] = key.split(' ');
    const declared = siteContracts.get(key);
    return { key, method, path, origin: 'site', ...(declared ? { contract: declared } : {}) };
  });
  // Reads first, deletions last: a deleted fixture would leave later endpoints only 404s.
  const order = { GET: 0, POST: 1, PUT: 1, DELETE: 2 } as Record<string, number>;
  return [...admin, ...site].sort((a, b) => (order[a.method] ?? 1) - (order[b.method] ?? 1));
}

const FIELD_NAMES = [
  'name',
  'email',
  'password',
  'confirmPassword',
  'currentPassword',
  'token',
  'title',
  'questions',
  'categories',
  'numberHorizontal',
  'numberVertical',
  'detail',
  'state',
  'role',
  'parentId',
  'languages',
  'lang',
  'events',
  'answers',
];
const QUERY_NAMES = ['lang', 'q', 'page', 'limit', 'status', 'sort', 'token', 'from', 'to', 'type'];
/** Text holding a NUL or another C0 control character (or DEL) somewhere, as a hostile client sends it percent-encoded. */
const controlled = fc
  .tuple(
    fc.string({ maxLength: 8 }),
    fc.integer({ min: 0, max: 0x20 }).map((code) => String.fromCharCode(code === 0x20 ? 0x7f : code)),
    fc.string({ maxLength: 8 }),
  )
  .map(([before, control, after]) => `${before}${control}${after}`);
const huge = (length: number) => fc.constantFrom('x', 'あ', '"', '\\', '%').map((unit) => unit.repeat(length));

/** The JSON Schema of what a contract's JSON body reads, if it declares one. */
function bodySchema(declared: Contract | undefined): unknown {
  const body = declared?.body;
  if (!body || 'kind' in body) return undefined;
  return z.toJSONSchema(body, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' });
}

function queryNames(declared: Contract | undefined): string[] {
  if (!declared?.query) return QUERY_NAMES;
  const schema = z.toJSONSchema(declared.query, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' });
  return [...Object.keys(typeof schema.properties === 'object' && schema.properties ? schema.properties : {}), ...QUERY_NAMES];
}

function bodyArbitrary(endpoint: Endpoint): fc.Arbitrary<Body> {
  if (endpoint.method === 'GET') return fc.constant({ kind: 'none' });
  const schema = bodySchema(endpoint.contract);
  const upload = endpoint.contract?.body && 'kind' in endpoint.contract.body ? endpoint.contract.body.field : 'file';
  const properties = schema && typeof schema === 'object' && 'properties' in schema && schema.properties && typeof schema.properties === 'object' ? Object.entries(schema.properties) : [];
  const fields = properties.length ? properties : FIELD_NAMES.map((name) => [name, {}] as const);
  const json = (value: fc.Arbitrary<unknown>) => value.map((one): Body => ({ kind: 'json', value: one }));
  const text = (body: fc.Arbitrary<string>, contentType: string) => body.map((one): Body => ({ kind: 'text', text: one, contentType }));
  const shaped = schema ? [json(arbitraryOf(schema)), json(arbitraryOf(schema)), json(arbitraryOf(schema))] : [];
  return fc.oneof(
    ...shaped,
    fc.constant<Body>({ kind: 'none' }),
    json(anyJson()),
    // The right field names, each of a wrong type.
    json(fc.record(Object.fromEntries(fields.map(([name, property]) => [name, wrongTypeOf(property)])), { requiredKeys: [] })),
    json(fc.constantFrom(...fields.map(([name]) => name)).chain((name) => huge(200_000).map((value) => ({ [name]: value })))),
    text(fc.constant('null'), 'application/json'),
    text(fc.oneof(fc.string(), fc.constantFrom('{', '{"a":', '[1,2', 'undefined', '\u0000', '{"__proto__":{"x":1}}')), 'application/json'),
    text(huge(300_000), 'application/json'),
    text(
      anyJson().map((value) => JSON.stringify(value) ?? 'null'),
      'text/plain',
    ),
    text(fc.string(), 'application/x-www-form-urlencoded'),
    fc
      .record({ name: fc.constantFrom('a.png', 'users.csv', '', '../x', 'ファイル.txt'), bytes: fc.uint8Array({ maxLength: 256 }) })
      .map(({ name, bytes }): Body => ({ kind: 'multipart', field: upload, name, bytes })),
  );
}

function requestArbitrary(endpoint: Endpoint): fc.Arbitrary<FuzzRequest> {
  const names = [...endpoint.path.matchAll(/:(\w+)/g)].map((match) => match[1]!);
  const param = (name: string) =>
    fc.oneof(
      { weight: 4, arbitrary: fc.constant(realParam(endpoint.path, name)) },
      { weight: 1, arbitrary: fc.oneof(fc.string({ minLength: 1 }).map(encodeURIComponent), fc.constantFrom('%', '%E0%A4%A', '%2F', 'a%2Fb', '..', '0', '-1', '99999999999999999999', 'null')) },
      // A NUL or another control character, which PostgreSQL text cannot hold (NUL) or no path ever names.
      { weight: 1, arbitrary: controlled.map(encodeURIComponent) },
    );
  const params = fc.record(Object.fromEntries(names.map((name) => [name, param(name)])));
  const pairs = fc.array(fc.tuple(fc.constantFrom(...queryNames(endpoint.contract)), fc.oneof(fc.string(), controlled, fc.integer().map(String), fc.constantFrom('', 'jp', 'en', '-1', '1e9'))), {
    maxLength: 4,
  });
  const query = fc.oneof(
    fc.constant(''),
    pairs.map((list) => new URLSearchParams(list).toString()),
    // Raw text after the `?`: stray percent signs, repeated keys, no values.
    fc.string({ maxLength: 40 }).map((raw) => raw.replace(/[#\s]/g, '')),
    fc.constantFrom('%', 'lang=%ZZ', 'lang&lang', 'page=1&page=2', '=x', 'a[b]=c', 'lang=jp%00', '%00=1', 'q=%01%1F%7F'),
  );
  return fc.record({ params, query, body: bodyArbitrary(endpoint) });
}

let ipSequence = 0;

/** Sends one fuzzed request: the admin's as the operator with a fresh session, the site's anonymously from a fresh address. */
async function send(endpoint: Endpoint, request: FuzzRequest): Promise<Response> {
  const path = `/api${endpoint.path.replace(/:(\w+)/g, (_, name: string) => request.params[name] ?? '')}${request.query ? `?${request.query}` : ''}`;
  const headers = new Headers();
  let body: BodyInit | undefined;
  const { body: sentBody } = request;
  if (sentBody.kind === 'json') {
    body = JSON.stringify(sentBody.value) ?? 'null';
    headers.set('content-type', 'application/json');
  } else if (sentBody.kind === 'text') {
    body = sentBody.text;
    headers.set('content-type', sentBody.contentType);
  } else if (sentBody.kind === 'multipart') {
    const form = new FormData();
    form.append(sentBody.field, new File([sentBody.bytes as Uint8Array<ArrayBuffer>], sentBody.name));
    body = form;
  }
  sent++;
  if (endpoint.origin === 'site') {
    const n = ++ipSequence;
    return await ctx.visit(path, { method: endpoint.method, headers, body, ip: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` });
  }
  headers.set('cookie', `${SESSION_COOKIE}=${(await createSession(ctx.db, operatorId)).token}`);
  return ctx.request(path, { method: endpoint.method, headers, body });
}

/** What is wrong with an answer, or null: a 5xx, or a 4xx without a JSON `{ message, code }`. */
async function problemWith(response: Response): Promise<string | null> {
  statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
  if (response.status >= 500) return `${response.status}: ${(await response.text()).slice(0, 200)}`;
  if (response.status < 400) {
    if (response.status === 202) {
      const answer = (await response.json()) as { publishId?: unknown };
      if (typeof answer.publishId === 'string') publishes.push(answer.publishId);
    } else await response.body?.cancel();
    return null;
  }
  const text = await response.text();
  let answer: unknown;
  try {
    answer = JSON.parse(text);
  } catch {
    return `${response.status} is not JSON: ${text.slice(0, 120)}`;
  }
  const { message, code } = (answer ?? {}) as { message?: unknown; code?: unknown };
  if (typeof message !== 'string' || message.trim() === '') return `${response.status} without a message: ${text.slice(0, 120)}`;
  if (typeof code !== 'string' || code === '') return `${response.status} without a code: ${text.slice(0, 120)}`;
  return null;
}

/** A seed per endpoint, so adding one endpoint does not change what the others are sent. */
const seedOf = (key: string) => [...key].reduce((hash, char) => (Math.imul(hash, 31) + char.charCodeAt(0)) | 0, SEED);

/** A failing request, short enough to read. */
function describeRequest(request: FuzzRequest): string {
  const body =
    request.body.kind === 'json'
      ? JSON.stringify(request.body.value)
      : request.body.kind === 'text'
        ? `${request.body.contentType} ${JSON.stringify(request.body.text)}`
        : request.body.kind === 'multipart'
          ? `multipart ${request.body.field}=${request.body.name} (${request.body.bytes.length} bytes)`
          : 'no body';
  return `params ${JSON.stringify(request.params)} query ${JSON.stringify(request.query)} body ${body.length > 200 ? `${body.slice(0, 200)}… (${body.length} chars)` : body}`;
}

describe('every endpoint, fuzzed', () => {
  it('never answers 500, and every 4xx is JSON with a message and a code', { timeout: 600_000 }, async () => {
    const failures: string[] = [];
    const list = endpoints();
    for (const endpoint of list) {
      const details = await fc.check(
        fc.asyncProperty(requestArbitrary(endpoint), async (request) => {
          const problem = await problemWith(await send(endpoint, request));
          if (problem) throw new Error(problem);
        }),
        { seed: seedOf(endpoint.key), numRuns: RUNS, endOnFailure: true },
      );
      if (details.failed)
        failures.push(
          `${endpoint.origin} ${endpoint.key}: ${details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance)}\n    ${details.counterexample ? describeRequest(details.counterexample[0]) : ''}`,
        );
    }
    console.log(
      `fuzz: ${list.length} endpoints (${list.filter((one) => one.origin === 'admin').length} admin, ${list.filter((one) => one.origin === 'site').length} site), ${sent} requests; answers ${[
        ...statuses,
      ]
        .sort(([a], [b]) => a - b)
        .map(([status, n]) => `${status}×${n}`)
        .join(' ')}`,
    );
    expect(failures).toEqual([]);
  });
});
