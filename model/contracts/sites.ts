import type { Contract } from './contract.ts';

/** Filled as the area's endpoints move to contracts. */
export const siteContracts = {} satisfies Record<string, Contract>;
