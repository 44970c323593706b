import type { Contract } from './contract.ts';
import { identityContracts } from './identity.ts';
import { publishingContracts } from './publishing.ts';
import { siteContracts } from './sites.ts';
import { visitorContracts } from './visitor.ts';

const listed = (...groups: Readonly<Record<string, Contract>>[]): readonly Contract[] => groups.flatMap((group) => Object.values(group));

/** Every endpoint of the admin origin, under /api. */
export const ADMIN_CONTRACTS = listed(identityContracts, siteContracts, publishingContracts);

/** Every endpoint a published site's visitors call on its own origin, under /api. */
export const SITE_CONTRACTS = listed(visitorContracts);
