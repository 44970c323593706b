import type { analyticsContracts } from '../../../../../model/contracts/analytics.ts';
import type { ContractQuery } from '../../../../../model/contracts/contract.ts';

/**
 * What every section of the analytics screen asks its report with: the range and filters of the
 * lp contract's query, as a client sends them.
 */
export type ReportQuery = NonNullable<ContractQuery<typeof analyticsContracts.getLpSummary>>;
