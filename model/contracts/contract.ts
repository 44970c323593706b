import type { z } from 'zod';
import type { Policy } from './policy.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * A body sent as multipart/form-data with one file in `field`, of at most `maxFileBytes`. The
 * route streams it to a temporary file and stops reading (413) once the file passes that size.
 */
export type UploadBody = { kind: 'upload'; field: string; description: string; maxFileBytes: number };

/** An answer that is not one JSON document: an event stream, a file, a page. */
export type RawReply = { kind: 'raw'; contentType: string; description: string };

/** Where a call is served: the back office's origin, or a published site's own. */
export type Origin = 'admin' | 'site';

/**
 * One endpoint, declared once as data: the route, its permission policy, the console's client
 * and the OpenAPI document are all made from it. `path` is in Hono's form under `/api`
 * (`/site/:id/page/:pageId`); path parameters are strings.
 */
export type Contract = {
  readonly method: HttpMethod;
  readonly path: string;
  readonly origin: Origin;
  readonly summary: string;
  readonly policy: Policy;
  readonly query?: z.ZodType<Record<string, unknown>, Record<string, string | undefined>>;
  readonly body?: z.ZodType | UploadBody;
  readonly response: z.ZodType | RawReply;
  /** Answers 503 when the request cannot be stored now (a full write queue): nothing was kept, the client may retry. */
  readonly mayBeBusy?: true;
  /** The success status, 200 unless said. */
  readonly status?: 200 | 201 | 202;
  /**
   * Answers 429 past a limit: attempts counted per email and per client address, or work of its
   * kind already running (one export or bulk upload per site). Every site-origin call is rate limited anyway.
   */
  readonly limited?: true;
  /**
   * The most bytes a JSON body (or a bodiless call's stray body) may have, when the origin's
   * default (`DEFAULT_BODY_CAPS`) does not fit; an upload's cap follows its file's instead.
   */
  readonly maxBodyBytes?: number;
};

/**
 * The JSON body caps per origin (docs/decisions.md): the admin's fits the largest legitimate
 * settings or page body (two 65,535-character scripts of three-byte characters, escaped, is
 * under 400 KB); a visitor's bodies are forms and event batches.
 */
export const DEFAULT_BODY_CAPS: Readonly<Record<Origin, number>> = { admin: 1024 * 1024, site: 64 * 1024 };

/** Room for a multipart body's boundaries, part headers and file name beside its file. */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/** The most bytes a call's body may have, by its contract. */
export function bodyCap(declared: Pick<Contract, 'origin' | 'body' | 'maxBodyBytes'>): number {
  if (declared.body && 'kind' in declared.body) return declared.body.maxFileBytes + MULTIPART_OVERHEAD_BYTES;
  return declared.maxBodyBytes ?? DEFAULT_BODY_CAPS[declared.origin];
}

/**
 * Declares an endpoint; the identity function keeps the literal types the route and the client read.
 * @example contract({ method: 'GET', path: '/site', origin: 'admin', summary: 'List sites', policy: read('none'), response: siteListSchema })
 */
export function contract<const C extends Contract>(declared: C): C {
  return declared;
}

/** The path parameters a Hono path names: `/site/:id/page/:pageId` → `{ id: string; pageId: string }`. */
export type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? { [K in Name]: string } & PathParams<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? { [K in Name]: string }
    : Record<never, never>;

/** `METHOD /path`, how the permission document and the tests name an endpoint. */
export type ContractKey<C extends Contract> = `${C['method']} ${C['path']}`;

/** @example contractKey({ method: 'GET', path: '/site/:id', … }) // 'GET /site/:id' */
export function contractKey(declared: Pick<Contract, 'method' | 'path'>): string {
  return `${declared.method} ${declared.path}`;
}

/**
 * The path with its parameters filled in (each encoded), under `/api`.
 * @example fillPath('/site/:id/page/:pageId', { id: 'a b', pageId: 'p1' }) // '/api/site/a%20b/page/p1'
 */
export function fillPath(path: string, params: Readonly<Record<string, string>>): string {
  return `/api${path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name} for ${path}`);
    return encodeURIComponent(value);
  })}`;
}

/**
 * Where a call named by its key goes: the contract's path under `/api` with its parameters
 * filled, then the query's given values (an absent or empty one is left out). The console's and
 * the viewer's clients both address their calls by it.
 * @example callPath('GET /user', {}, { q: '', page: '2' }) // '/api/user?page=2'
 */
export function callPath(key: string, params: Readonly<Record<string, string>>, query?: unknown): string {
  // `unknown`: a client's generic query type stays unresolved at the call; a contract's query values are strings.
  const entries = typeof query === 'object' && query !== null ? Object.entries(query) : [];
  const given = entries.filter((pair): pair is [string, string] => typeof pair[1] === 'string' && pair[1] !== '');
  return fillPath(key.slice(key.indexOf(' ') + 1), params) + (given.length === 0 ? '' : `?${new URLSearchParams(given).toString()}`);
}

/** What a contract takes: query (as its schema reads it), body, and the path's parameters. */
export type ContractQuery<C extends Contract> = C['query'] extends z.ZodType ? z.input<C['query']> : undefined;
export type ContractBody<C extends Contract> = C['body'] extends z.ZodType ? z.input<C['body']> : C['body'] extends UploadBody ? FormData : undefined;
/** What a contract answers, as a client reads it (after the schema's transforms). */
export type ContractResponse<C extends Contract> = C['response'] extends z.ZodType ? z.output<C['response']> : Response;
