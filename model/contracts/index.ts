import type { Contract } from './contract.ts';
import { docsContracts } from './docs.ts';
import { identityContracts } from './identity.ts';
import { publishingContracts } from './publishing.ts';
import { siteContracts } from './sites.ts';
import { visitorContracts } from './visitor.ts';

const listed = (...groups: Readonly<Record<string, Contract>>[]): readonly Contract[] => groups.flatMap((group) => Object.values(group));

/** Every endpoint of the admin origin, under /api. */
export const ADMIN_CONTRACTS = listed(identityContracts, siteContracts, publishingContracts, docsContracts);

/** Every endpoint a published site's visitors call on its own origin, under /api. */
export const SITE_CONTRACTS = listed(visitorContracts);

/**
 * The contract groups by area, with their names: the OpenAPI document's tags and operation ids.
 * A group listed above belongs here too (the OpenAPI test fails on a contract of no area).
 */
export const CONTRACT_AREAS: Readonly<Record<string, Readonly<Record<string, Contract>>>> = {
  identity: identityContracts,
  sites: siteContracts,
  publishing: publishingContracts,
  docs: docsContracts,
  visitor: visitorContracts,
};
