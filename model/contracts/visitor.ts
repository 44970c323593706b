import type { Contract } from './contract.ts';

/** Filled as the area's endpoints move to contracts. */
export const visitorContracts = {} satisfies Record<string, Contract>;
