import { z } from 'zod';
import { type BillingMonth, billingMonthSchema } from './billing-month.ts';
import { addYears } from './zoned-calendar.ts';

/**
 * The operator's dashboard (B §2 "Summary dashboard", B §7 `/dashboard/registration-data`,
 * `user-site`, `adoption-by-plan`, `revenue`, B §9 "MRR in ten-thousand yen, ARR in
 * hundred-million yen"). Days and months are Japan time, as billing counts them. The date rules
 * are the analytics reports' (B §5 "Report dates cannot be in the future or more than one year
 * in the past"), with their messages.
 */

export const dashboardUnitSchema = z.enum(['day', 'month']);
export type DashboardUnit = z.infer<typeof dashboardUnitSchema>;

/**
 * `?from=&to=&unit=`: local dates in Japan time, both included; without them, the 30 days up to
 * today, by day. The rules needing a clock are checked by the server.
 */
export const dashboardRangeQuerySchema = z.object({
  from: z.iso.date('dateFormat').optional(),
  to: z.iso.date('dateFormat').optional(),
  unit: dashboardUnitSchema.default('day'),
});

/** `?month=`: one billing month; the current one in Japan time when absent. */
export const dashboardMonthQuerySchema = z.object({ month: billingMonthSchema.optional() });

/** `?from=&to=`: billing months, both included; without them, the twelve months up to the current one. */
export const dashboardMonthsQuerySchema = z.object({ from: billingMonthSchema.optional(), to: billingMonthSchema.optional() });

/** Months the revenue trend covers when the query names none: the current one and the eleven before. */
export const REVENUE_DEFAULT_MONTHS = 12;

export type MonthRangeIssue = 'invalidDateRange' | 'reportFutureDate' | 'reportOverYearAgo';

/**
 * B §5's report rules for months, judged against today in Japan time: no month after the current
 * one ("future month not selectable"), none before the month of the same day a year ago.
 * @example monthRangeIssue('2025-10', '2026-11', '2026-11-24') // 'reportOverYearAgo'
 */
export function monthRangeIssue(from: BillingMonth, to: BillingMonth, today: string): MonthRangeIssue | null {
  if (to < from) return 'invalidDateRange';
  if (to > today.slice(0, 7)) return 'reportFutureDate';
  if (from < addYears(today, -1).slice(0, 7)) return 'reportOverYearAgo';
  return null;
}

const count = z.number().int().min(0);
const yen = z.number().int();

/** The range answered: local dates in Japan time. */
const rangeSchema = z.object({ from: z.iso.date(), to: z.iso.date(), unit: dashboardUnitSchema });

/** The account types a dashboard counts as companies introduced: the customers, not the platform's staff nor sub-admins. */
export const COMPANY_TYPES = ['OEM_MASTER', 'OEM_ADMIN', 'USER'] as const;
const byTypeSchema = z.object({ OEM_MASTER: count, OEM_ADMIN: count, USER: count });
export type CompaniesByType = z.infer<typeof byTypeSchema>;

/** A period of a trend: its label is the local date it starts (a month's first day, or the range's start). */
const periodSchema = z.iso.date();

export const registrationDataSchema = z.object({
  range: rangeSchema,
  /** Companies introduced in each period, by type. */
  points: z.array(z.object({ period: periodSchema, total: count, byType: byTypeSchema })),
  /** Over the whole range. */
  inRange: z.object({ total: count, byType: byTypeSchema }),
  /** Every company of the caller's branch today. */
  toDate: z.object({ total: count, byType: byTypeSchema }),
});
export type RegistrationData = z.infer<typeof registrationDataSchema>;

export const userSiteSchema = z.object({
  range: rangeSchema,
  /** Sites created in each period. */
  points: z.array(z.object({ period: periodSchema, sites: count })),
  inRange: count,
  toDate: count,
  /** Of those, the sites live now. */
  published: count,
});
export type UserSite = z.infer<typeof userSiteSchema>;

export const adoptionByPlanSchema = z.object({
  month: billingMonthSchema,
  /** Each plan (each version of it) with the accounts its subscriptions cover in the month, most used first. */
  plans: z.array(
    z.object({
      planId: z.string(),
      name: z.string(),
      version: z.number().int(),
      /** Monthly fee in yen excluding tax. */
      price: yen,
      accounts: count,
    }),
  ),
  /** Accounts on a plan, and on a plan whose price is above 0 (B §2 "paid plans"). */
  accounts: count,
  paidAccounts: count,
});
export type AdoptionByPlan = z.infer<typeof adoptionByPlanSchema>;

/**
 * Where a month's MRR comes from: the `plan` lines of its issued invoices, or, for a month no
 * invoice was issued for yet (the current one, before its billing run), the subscriptions in
 * force × their plan's price.
 */
export const MRR_SOURCES = ['invoices', 'subscriptions'] as const;
export const mrrSourceSchema = z.enum(MRR_SOURCES);

export const revenueMonthSchema = z.object({
  month: billingMonthSchema,
  source: mrrSourceSchema,
  /** Monthly recurring revenue in yen excluding tax. */
  mrr: yen,
  /** 12 × MRR. */
  arr: yen,
  /** The month's issued invoices: how many, their subtotals (excl. tax), tax and totals; 0 while none is issued. */
  invoices: count,
  subtotal: yen,
  tax: yen,
  revenue: yen,
});
export type RevenueMonth = z.infer<typeof revenueMonthSchema>;

export const revenueSchema = z.object({
  from: billingMonthSchema,
  to: billingMonthSchema,
  /** Whose invoices: 'platform', or the OEM master's account id. */
  issuerId: z.string(),
  months: z.array(revenueMonthSchema),
});
export type Revenue = z.infer<typeof revenueSchema>;
