import { callPath, type Contract, type ContractBody, type ContractKey, type ContractQuery, type ContractResponse, type PathParams } from '../../../../model/contracts/contract.ts';
import type { apiKeyContracts, domainContracts } from '../../../../model/contracts/access.ts';
import type { analyticsContracts } from '../../../../model/contracts/analytics.ts';
import type { planContracts } from '../../../../model/contracts/plans.ts';
import type { announcementContracts } from '../../../../model/contracts/announcements.ts';
import type { brandingContracts } from '../../../../model/contracts/branding.ts';
import type { bulkContracts } from '../../../../model/contracts/bulk.ts';
import type { dashboardContracts } from '../../../../model/contracts/dashboard.ts';
import type { docsContracts } from '../../../../model/contracts/docs.ts';
import type { experimentContracts } from '../../../../model/contracts/experiments.ts';
import type { identityContracts } from '../../../../model/contracts/identity.ts';
import type { invoiceContracts } from '../../../../model/contracts/invoices.ts';
import type { notificationContracts } from '../../../../model/contracts/notifications.ts';
import type { ownerDataContracts } from '../../../../model/contracts/owner-data.ts';
import type { previewShareContracts } from '../../../../model/contracts/preview-share.ts';
import type { publishingContracts } from '../../../../model/contracts/publishing.ts';
import type { siteContracts } from '../../../../model/contracts/sites.ts';
import type { surveyResultContracts } from '../../../../model/contracts/survey-results.ts';
import { call, type CallOptions } from './client.ts';

/**
 * Every endpoint of the admin origin by its `METHOD /path` (the contract's route under /api). The
 * contracts come in as types only: their zod schemas stay out of the console's bundle (a bundler
 * cannot drop the unused members of a contract group), and the key is all a call carries at run time.
 */
type Listed<Group> = Group[keyof Group];
type AdminContract =
  | Listed<typeof identityContracts>
  | Listed<typeof siteContracts>
  | Listed<typeof publishingContracts>
  | Listed<typeof docsContracts>
  | Listed<typeof notificationContracts>
  | Listed<typeof surveyResultContracts>
  | Listed<typeof ownerDataContracts>
  | Listed<typeof bulkContracts>
  | Listed<typeof apiKeyContracts>
  | Listed<typeof brandingContracts>
  | Listed<typeof domainContracts>
  | Exclude<Listed<typeof previewShareContracts>, { origin: 'site' }>
  | Listed<typeof announcementContracts>
  | Listed<typeof experimentContracts>
  | Listed<typeof analyticsContracts>
  | Listed<typeof invoiceContracts>
  | Listed<typeof planContracts>
  | Listed<typeof dashboardContracts>;
type ByKey = { [C in AdminContract as ContractKey<C>]: C };
export type RequestKey = keyof ByKey;

/** What the endpoint of `K` answers, as its response schema reads it. */
export type Answer<K extends RequestKey> = ContractResponse<ByKey[K]>;

type Empty = Record<never, never>;
type ParamsPart<C extends Contract> = keyof PathParams<C['path']> extends never ? { params?: Empty } : { params: PathParams<C['path']> };
type QueryPart<C extends Contract> = ContractQuery<C> extends undefined ? { query?: undefined } : { query?: ContractQuery<C> };
type BodyPart<C extends Contract> = ContractBody<C> extends undefined ? { body?: undefined } : { body: ContractBody<C> };

/** What a call of `C` sends: its path parameters, query and body, typed by the contract. */
type RequestInput<C extends Contract> = ParamsPart<C> & QueryPart<C> & BodyPart<C>;

/**
 * Calls the endpoint `METHOD /path` names, with the console's error behaviour (client.ts): the
 * parameters, query and body it takes and the answer it gives are its contract's.
 * @example await request('GET /site/:id/versions', { params: { id: site.id } }) // { versions: [...] }
 */
export function request<K extends RequestKey>(key: K, input: RequestInput<ByKey[K]>, options?: CallOptions): Promise<Answer<K>> {
  // call() puts the /api in front itself.
  const path = callPath(key, input.params ?? {}, input.query).slice('/api'.length);
  return call<Answer<K>>(key.slice(0, key.indexOf(' ')), path, input.body, options);
}
