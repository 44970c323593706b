import type { Context, Hono } from 'hono';
import type { z } from 'zod';
import { bodyCap, type Contract, type PathParams } from '../../model/contracts/contract.ts';
import type { Actor } from '../identity/actor.ts';
import type { ValidSession } from '../identity/sessions.ts';
import type { AppEnv } from './env.ts';
import { AppError, fieldError } from './errors.ts';
import { readBodyText, refuseDeclaredOverCap } from './read-body.ts';
import type { AccountRow } from '../identity/find-account.ts';
import type { SiteRow } from '../sites/find-site.ts';
import type { Member } from '../visitor/member-sessions.ts';

/** What the policy lets the handler rely on: a caller for session calls, the target they name. */
type SessionFacts<P> = P extends { access: 'session' } ? { account: Actor; session: ValidSession } : unknown;
/** A member call's member: the bearer token already checked against the site it names (the visitor API's member gate). */
type MemberFacts<P> = P extends { access: 'member' } ? { member: Member } : unknown;
type TargetFacts<P> = P extends { target: 'site' } ? { site: SiteRow } : P extends { target: 'account' | 'parent' } ? { targetAccount: AccountRow } : unknown;
type BodyOf<C extends Contract> = C['body'] extends z.ZodType ? z.output<C['body']> : undefined;
type QueryOf<C extends Contract> = C['query'] extends z.ZodType ? z.output<C['query']> : Record<never, never>;

/** A handler's input: the request's parts parsed by the contract, and the facts its policy provides. */
export type RouteInput<C extends Contract> = {
  c: Context<AppEnv>;
  params: PathParams<C['path']>;
  query: QueryOf<C>;
  body: BodyOf<C>;
} & SessionFacts<C['policy']> &
  MemberFacts<C['policy']> &
  TargetFacts<C['policy']>;

/**
 * What a handler answers: the response schema's input, or a raw Response (a download, or JSON
 * already in the schema's shape, such as stored page data sent as it is); either is checked
 * against the schema in tests.
 */
export type RouteOutput<C extends Contract> = C['response'] extends z.ZodType ? z.input<C['response']> | Response : Response;

export type Handler<C extends Contract> = (input: RouteInput<C>) => RouteOutput<C> | Promise<RouteOutput<C>>;

/**
 * Whether answers are checked against their contract's response schema: on in the test runs
 * (vitest's configs set it), off in production, where a mismatch would cost every request a
 * parse for nothing the client could use.
 */
const CHECK_RESPONSES = process.env.SWIPEGRID_CHECK_RESPONSES === '1';

/**
 * One way of reading a JSON body everywhere: a body that is not JSON is a 400, never a 500.
 * The content type is not looked at: `navigator.sendBeacon` sends visitors' events as text/plain.
 * A visitor's body is always an object, and anything else is refused as such.
 */
/** The escapes that alone can write a NUL or a lone surrogate into a JSON string. */
export const MAY_HOLD_UNSTORABLE = /\\u(?:0000|[dD][89a-fA-F])/;

async function readJson(c: Context<AppEnv>, origin: Contract['origin'], cap: number): Promise<unknown> {
  const text = await readBodyText(c, cap);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new AppError('bad_request', 'bodyNotJson');
  }
  if (origin === 'site' && (typeof body !== 'object' || body === null || Array.isArray(body))) throw new AppError('bad_request', 'bodyNotObject');
  // The text is decoded UTF-8 (no lone surrogate survives decoding) and JSON has no raw NUL in a
  // string, so either can only come from a \u escape: without one, the walk below has nothing to find.
  const unstorable = MAY_HOLD_UNSTORABLE.test(text) ? unstorableStringAt(body) : null;
  if (unstorable) throw fieldError('validation', unstorable, 'invalidCharacters');
  return body;
}

/**
 * The path of a string (or key) in a body that cannot be stored faithfully: a NUL,
 * which SQLite text and C strings end at, or a lone surrogate, which is no Unicode at all and
 * turns into U+FFFD on the way out. Checked once here, for every endpoint, before any schema.
 * A loop over an explicit stack, not recursion: a body nested a hundred thousand deep is valid
 * JSON and must be refused by its schema, not overflow the call stack.
 */
function unstorableStringAt(body: unknown): (string | number)[] | null {
  const bad = (text: string) => text.includes('\0') || !text.isWellFormed();
  // Each entry links to its parent, so the path is built once, for the one that fails.
  type Step = { value: unknown; key: string | number | null; parent: Step | null };
  const pathOf = (step: Step | null, last?: string) => {
    const path: (string | number)[] = last === undefined ? [] : [last];
    for (let at = step; at && at.key !== null; at = at.parent) path.unshift(at.key);
    return path;
  };
  const stack: Step[] = [{ value: body, key: null, parent: null }];
  for (let step = stack.pop(); step; step = stack.pop()) {
    const { value } = step;
    if (typeof value === 'string') {
      if (bad(value)) return pathOf(step);
    } else if (Array.isArray(value)) {
      for (let index = value.length - 1; index >= 0; index--) stack.push({ value: value[index], key: index, parent: step });
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, item] of Object.entries(value)) {
        if (bad(key)) return pathOf(step, key);
        stack.push({ value: item, key, parent: step });
      }
    }
  }
  return null;
}

/** The member a member call's gate found; a member contract served without the gate is a bug, not a 401. */
function memberOf(c: Context<AppEnv>, declared: Contract): Member {
  const member = c.get('member');
  if (!member) throw new Error(`${declared.method} ${declared.path} is a member call served without the member gate`);
  return member;
}

async function inputOf(c: Context<AppEnv>, declared: Contract): Promise<Record<string, unknown>> {
  const input: Record<string, unknown> = { c, params: c.req.param() };
  input.query = declared.query ? declared.query.parse(c.req.query()) : {};
  // An upload's route streams its own body to a file (uploaded-file.ts), under its file's cap.
  const cap = bodyCap(declared);
  if (!(declared.body && 'kind' in declared.body)) refuseDeclaredOverCap(c, cap);
  input.body = declared.body && !('kind' in declared.body) ? declared.body.parse(await readJson(c, declared.origin, cap)) : undefined;
  if (declared.policy.access === 'member') input.member = memberOf(c, declared);
  if (declared.policy.access === 'session') {
    input.account = c.get('account');
    input.session = c.get('session');
    if (declared.policy.target === 'site') input.site = c.get('site');
    if (declared.policy.target === 'account' || declared.policy.target === 'parent') input.targetAccount = c.get('targetAccount');
  }
  return input;
}

/**
 * Serves one contract on `app`: parses the query and body by its schemas (a ZodError answers 400
 * naming the fields), hands the handler what the policy provides, and answers its result as
 * JSON with the contract's status (or the one the handler set with `c.status`). The permission check itself ran before, in the authorize
 * middleware, over the table made from the same contracts.
 */
export function route<const C extends Contract>(app: Hono<AppEnv>, declared: C, handler: Handler<C>): void {
  app.on(declared.method, declared.path, async function contractRoute(c) {
    // The one assertion of the helper: the input object is built to the shape RouteInput<C>
    // describes (the conditional parts follow declared.policy), which TypeScript cannot follow.
    const input = (await inputOf(c, declared)) as RouteInput<C>;
    const output: unknown = await handler(input);
    const checked = !('kind' in declared.response) && CHECK_RESPONSES ? declared.response : null;
    if (output instanceof Response) {
      if (checked && output.ok) checkAnswer(declared, checked, await output.clone().json());
      return output;
    }
    if (checked) checkAnswer(declared, checked, output);
    // A handler that answers its contract's shape under another status (health's 503) sets it with c.status().
    return declared.status ? c.json(output, declared.status) : c.json(output);
  });
}

function checkAnswer(declared: Contract, schema: z.ZodType, output: unknown): void {
  const checked = schema.safeParse(output);
  if (!checked.success) throw new Error(`${declared.method} ${declared.path} answered outside its contract: ${JSON.stringify(checked.error.issues.slice(0, 3))}`);
}
