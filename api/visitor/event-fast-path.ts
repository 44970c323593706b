import type { IncomingMessage, ServerResponse } from 'node:http';
import { bodyCap } from '../../model/contracts/contract.ts';
import { visitorContracts } from '../../model/contracts/visitor.ts';
import { requestHostName } from '../../model/site-origin.ts';
import { isPlainEventBatch } from '../../model/visitor-event-check.ts';
import { clientAddress } from '../http/client-ip.ts';
import { errorAnswer } from '../http/errors.ts';
import type { TakeToken } from '../http/middleware/rate-limit/index.ts';
import { MAY_HOLD_UNSTORABLE } from '../http/route.ts';
import type { EventIntake } from './event-routes.ts';

export type NodeListener = (request: IncomingMessage, response: ServerResponse) => void;

export type EventFastPathDeps = {
  intake: EventIntake;
  /** The events rate limit's buckets (the same the Hono route's middleware spends from). */
  take: TakeToken;
  /** The site a host name leads to (api/host-sites.ts), as the visitor API's host middleware reads it. */
  hostSiteOf: (host: string) => Promise<string | null>;
  /** The origin a host name is served on (the Secure flag of a new session cookie). */
  hostOrigin: (host: string) => string;
  /** Host names whose calls Hono answers whatever they are (an OEM's admin host, the preview host). */
  handOver: (host: string) => boolean;
};

const PATH = `/api${visitorContracts.sendEvents.path}`;
const CAP = bodyCap(visitorContracts.sendEvents);
const STATUS = visitorContracts.sendEvents.status;
/** A Host the way Node's adapter takes it without a second look; anything odder goes through Hono. */
const PLAIN_HOST = /^[a-z0-9.-]+(?::\d{1,5})?$/i;
/** Digits only: `Number()` reads ' 12', '0x10' or '' too, which Hono's adapter would judge on its own. */
const DECIMAL = /^\d{1,9}$/;
const decoder = new TextDecoder();

type Head = { host: string | null; contentLength: string | null; transferEncoding: string | null; cookie: string | null; userAgent: string | null; acceptLanguage: string | null };

/** The few headers the call reads, joined as the Fetch API's Headers joins repeats (', '), which is what Hono's route reads. */
function headOf(raw: readonly string[]): Head {
  const head: Head = { host: null, contentLength: null, transferEncoding: null, cookie: null, userAgent: null, acceptLanguage: null };
  const add = (field: keyof Head, value: string) => {
    const previous = head[field];
    head[field] = previous === null ? value : `${previous}, ${value}`;
  };
  for (let at = 0; at < raw.length; at += 2) {
    const name = raw[at]!;
    const value = raw[at + 1]!;
    switch (name.length) {
      case 4:
        if (name.toLowerCase() === 'host') add('host', value);
        break;
      case 6:
        if (name.toLowerCase() === 'cookie') add('cookie', value);
        break;
      case 10:
        if (name.toLowerCase() === 'user-agent') add('userAgent', value);
        break;
      case 14:
        if (name.toLowerCase() === 'content-length') add('contentLength', value);
        break;
      case 15:
        if (name.toLowerCase() === 'accept-language') add('acceptLanguage', value);
        break;
      case 17:
        if (name.toLowerCase() === 'transfer-encoding') add('transferEncoding', value);
        break;
    }
  }
  return head;
}

function answer(response: ServerResponse, status: number, body: unknown, setCookie: string | null): void {
  const text = JSON.stringify(body);
  const headers: Record<string, string> = { 'content-type': 'application/json', 'x-content-type-options': 'nosniff', 'content-length': String(Buffer.byteLength(text)) };
  if (setCookie) headers['set-cookie'] = setCookie;
  response.writeHead(status, headers);
  response.end(text);
}

/**
 * `POST /api/end-user/events` answered before Hono and its Node adapter see it: under ingest load
 * they were a third of the event call's CPU (docs/decisions.md, bench/visitor.bench.ts). Only a call
 * that is certain to be accepted is answered here: plain headers, a declared length under the
 * cap, a body the contract's schema takes as it is (checked without zod), a live site of the host's own, a token left in the
 * client's bucket. Any other is handed to Hono (`fallback`) with its body as read (the adapter's
 * `rawBody`), before anything here has changed state, so its refusal is Hono's own, byte for byte,
 * and no token is spent twice. After the token is spent the call is ours to the end: it is stored
 * with the same intake as the Hono route, and an error is answered as Hono's handler would.
 */
export function eventFastPath(deps: EventFastPathDeps, fallback: NodeListener): NodeListener {
  return (request, response) => {
    if (request.method !== 'POST' || request.url !== PATH) return fallback(request, response);
    const head = headOf(request.rawHeaders);
    if (head.transferEncoding !== null || head.contentLength === null || !DECIMAL.test(head.contentLength) || Number(head.contentLength) > CAP) return fallback(request, response);
    if (head.host === null || !PLAIN_HOST.test(head.host)) return fallback(request, response);
    const host = requestHostName(head.host);
    if (deps.handOver(host)) return fallback(request, response);
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.once('error', () => response.destroy());
    request.once('end', () => {
      const body = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
      const handBack = () => fallback(Object.assign(request, { rawBody: body }), response);
      accept(deps, request, response, head, host, body).then(
        (taken) => {
          if (!taken) handBack();
        },
        (error: unknown) => answer(response, 500, errorAnswer(error instanceof Error ? error : new Error(String(error)), head.acceptLanguage ?? undefined).body, null),
      );
    });
  };
}

/** Answers the call and resolves true, or resolves false having changed nothing: Hono is to answer it. */
async function accept(deps: EventFastPathDeps, request: IncomingMessage, response: ServerResponse, head: Head, host: string, bytes: Buffer): Promise<boolean> {
  // As the adapter's text(): a BOM is dropped, bad UTF-8 becomes U+FFFD (which may take the text over the cap).
  const text = decoder.decode(bytes);
  if (Buffer.byteLength(text) > CAP || MAY_HOLD_UNSTORABLE.test(text)) return false;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return false;
  }
  // What the schema would take as it is (model/visitor-event-check.ts); anything else, valid or not, is the schema's to judge, in Hono.
  if (!isPlainEventBatch(json)) return false;
  const site = await deps.intake.siteOf(json.siteId, await deps.hostSiteOf(host));
  if (!site) return false;
  const clientIp = () => clientAddress(request);
  // Refused: nothing was spent, and Hono's own limiter refuses it again with its 429.
  if ((await deps.take(clientIp())) > 0) return false;
  try {
    const stored = await deps.intake.store(site, json, { userAgent: head.userAgent ?? '', cookie: head.cookie, clientIp, hostOrigin: deps.hostOrigin(host) });
    answer(response, STATUS, { accepted: stored.accepted }, stored.setCookie);
  } catch (error) {
    const refusal = errorAnswer(error instanceof Error ? error : new Error(String(error)), head.acceptLanguage ?? undefined);
    answer(response, refusal.status, refusal.body, null);
  }
  return true;
}
