import type { Contract, ContractBody, ContractQuery, ContractResponse, PathParams } from '../../../../model/contracts/contract.ts';
import { fillPath } from '../../../../model/contracts/contract.ts';
import { call, type CallOptions } from './client.ts';

type Empty = Record<never, never>;
type ParamsPart<C extends Contract> = keyof PathParams<C['path']> extends never ? { params?: Empty } : { params: PathParams<C['path']> };
type QueryPart<C extends Contract> = ContractQuery<C> extends undefined ? { query?: undefined } : { query?: ContractQuery<C> };
type BodyPart<C extends Contract> = ContractBody<C> extends undefined ? { body?: undefined } : { body: ContractBody<C> };

/** What a call of `C` sends: its path parameters, query and body, typed by the contract. */
export type RequestInput<C extends Contract> = ParamsPart<C> & QueryPart<C> & BodyPart<C>;

function queryString(query: Readonly<Record<string, unknown>> | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined && value !== null && value !== '') search.set(name, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}

/**
 * Calls the endpoint a contract declares, with the console's error behaviour (client.ts), and
 * answers what its response schema says it answers.
 * @example await request(publishingContracts.listVersions, { params: { id: site.id } }) // { versions: [...] }
 */
export function request<C extends Contract>(declared: C, input: RequestInput<C>, options?: CallOptions): Promise<ContractResponse<C>> {
  const params: Readonly<Record<string, string>> = input.params ?? {};
  const path = fillPath(declared.path, params).slice('/api'.length) + queryString(input.query ?? undefined);
  return call<ContractResponse<C>>(declared.method, path, input.body, options);
}
