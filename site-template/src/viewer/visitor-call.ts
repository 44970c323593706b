import { callPath, type Contract, type ContractBody, type ContractKey, type ContractQuery, type ContractResponse, type PathParams } from '../../../model/contracts/contract.ts';
import type { visitorContracts } from '../../../model/contracts/visitor.ts';
import type { Language } from '../../../model/language.ts';
import { callVisitorApi, type ApiAnswer, type ApiOptions } from './visitor-client.ts';

type Contracts = typeof visitorContracts;

/**
 * Every visitor call by its `METHOD /path` (the contract's route under /api). The contracts come
 * in as types only: their zod schemas never reach the viewer's bundle, and this string is all
 * the call carries at run time.
 */
type ByKey = { [K in keyof Contracts as ContractKey<Contracts[K]>]: Contracts[K] };
export type VisitorCallKey = keyof ByKey;

/** What a call takes: its path's parameters, its query, and its body when it has one. */
type CallInput<C extends Contract> = { params: PathParams<C['path']>; query?: ContractQuery<C> } & ([ContractBody<C>] extends [undefined] ? { body?: undefined } : { body: ContractBody<C> });

/**
 * Calls one endpoint of the visitor API (model/contracts/visitor.ts), typed by its contract: the
 * parameters, query and body it takes and the answer it gives.
 * @example visitorCall('POST /end-user/site/:id/login', { params: { id: siteId }, body: { email, password, lang } }, { lang })
 */
export function visitorCall<K extends VisitorCallKey>(key: K, input: CallInput<ByKey[K]>, options: Omit<ApiOptions, 'method' | 'body'>): Promise<ApiAnswer<ContractResponse<ByKey[K]>>> {
  return callVisitorApi(callPath(key, input.params, input.query), { ...options, method: key.startsWith('POST') ? 'POST' : 'GET', body: input.body });
}

/**
 * A members-only page with its content, as this site's member sees it (quietly: the viewer asks
 * on its own). Here rather than in member-pages.ts so that the viewer's first load carries
 * none of the call, only its import for members.
 */
export function loadPrivatePage(siteId: string, pageId: string, lang: Language) {
  return visitorCall('GET /end-user/site/:id/page/:pageId/private', { params: { id: siteId, pageId }, query: { lang } }, { lang, memberOf: siteId, quiet: true });
}
