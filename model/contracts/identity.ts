import type { Contract } from './contract.ts';

/** Filled as the area's endpoints move to contracts. */
export const identityContracts = {} satisfies Record<string, Contract>;
