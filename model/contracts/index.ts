import { apiKeyContracts, domainContracts } from './access.ts';
import { announcementContracts } from './announcements.ts';
import { analyticsContracts } from './analytics.ts';
import { brandingContracts } from './branding.ts';
import { bulkContracts } from './bulk.ts';
import type { Contract } from './contract.ts';
import { dashboardContracts } from './dashboard.ts';
import { docsContracts } from './docs.ts';
import { experimentContracts } from './experiments.ts';
import { identityContracts } from './identity.ts';
import { invoiceContracts } from './invoices.ts';
import { notificationContracts } from './notifications.ts';
import { ownerDataContracts } from './owner-data.ts';
import { planContracts } from './plans.ts';
import { previewShareContracts } from './preview-share.ts';
import { publishingContracts } from './publishing.ts';
import { siteContracts } from './sites.ts';
import { surveyResultContracts } from './survey-results.ts';
import { visitorContracts } from './visitor.ts';

/**
 * Every contract group by area, with their names: the OpenAPI document's tags and operation ids.
 * The one list of groups: the endpoints of each origin below are read from it.
 */
export const CONTRACT_AREAS: Readonly<Record<string, Readonly<Record<string, Contract>>>> = {
  identity: identityContracts,
  plans: planContracts,
  sites: siteContracts,
  domains: domainContracts,
  apiKeys: apiKeyContracts,
  branding: brandingContracts,
  notifications: notificationContracts,
  experiments: experimentContracts,
  surveyResults: surveyResultContracts,
  bulk: bulkContracts,
  publishing: publishingContracts,
  previewShare: previewShareContracts,
  announcements: announcementContracts,
  ownerData: ownerDataContracts,
  analytics: analyticsContracts,
  invoices: invoiceContracts,
  dashboard: dashboardContracts,
  docs: docsContracts,
  visitor: visitorContracts,
};

const ALL_CONTRACTS: readonly Contract[] = Object.values(CONTRACT_AREAS).flatMap((group) => Object.values(group));

/** Every endpoint of the admin origin, under /api. */
export const ADMIN_CONTRACTS = ALL_CONTRACTS.filter((declared) => declared.origin === 'admin');

/** Every endpoint a published site's visitors call on its own origin, under /api. */
export const SITE_CONTRACTS = ALL_CONTRACTS.filter((declared) => declared.origin === 'site');
