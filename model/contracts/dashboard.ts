import { adoptionByPlanSchema, dashboardMonthQuerySchema, dashboardMonthsQuerySchema, dashboardRangeQuerySchema, registrationDataSchema, revenueSchema, userSiteSchema } from '../dashboard.ts';
import { contract, type Contract } from './contract.ts';
import { read } from './policy.ts';

/**
 * Only the platform and OEM masters read a dashboard (B §6 "only master-side users appear to
 * manage … dashboards"; issue 14: an OEM master sees its branch). OEM admins and users are
 * refused (403); a sub-admin acts with its parent's type.
 */
const DASHBOARD = read('none', { types: ['MASTER', 'MASTER_USER', 'OEM_MASTER'] });

/** B §2 summary dashboard, B §7 `/dashboard/…`: the platform's over every account, an OEM master's over its own customers, in Japan time. */
export const dashboardContracts = {
  getRegistrationData: contract({
    method: 'GET',
    path: '/dashboard/registration-data',
    origin: 'admin',
    summary: 'Companies introduced (accounts created, by type) per day or month of the range, over the range and to date',
    policy: DASHBOARD,
    query: dashboardRangeQuerySchema,
    response: registrationDataSchema,
  }),
  getUserSite: contract({
    method: 'GET',
    path: '/dashboard/user-site',
    origin: 'admin',
    summary: 'Sites created per day or month of the range, over the range and to date, and how many are live',
    policy: DASHBOARD,
    query: dashboardRangeQuerySchema,
    response: userSiteSchema,
  }),
  getAdoptionByPlan: contract({
    method: 'GET',
    path: '/dashboard/adoption-by-plan',
    origin: 'admin',
    summary: 'The accounts on each plan in a billing month (subscriptions in force), and how many are on a paid plan',
    policy: DASHBOARD,
    query: dashboardMonthQuerySchema,
    response: adoptionByPlanSchema,
  }),
  getRevenue: contract({
    method: 'GET',
    path: '/dashboard/revenue',
    origin: 'admin',
    summary: 'MRR, ARR and invoice totals per billing month of the caller’s own invoices; a month not yet invoiced counts the subscriptions in force',
    policy: DASHBOARD,
    query: dashboardMonthsQuerySchema,
    response: revenueSchema,
  }),
} satisfies Record<string, Contract>;
