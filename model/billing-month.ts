import { z } from 'zod';
import { dayStart, JAPAN_TIME_ZONE, localDate } from './zoned-calendar.ts';

/**
 * Billing months (spec B §1): plans change, invoices are made and contracts end by the calendar
 * month in Japan time, whatever the server's or the viewer's zone.
 */
export const billingMonthSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'invalidValue');
export type BillingMonth = z.infer<typeof billingMonthSchema>;

/** @example billingMonthOf(Date.parse('2026-11-30T15:00:00Z')) // '2026-12' (midnight in Tokyo) */
export function billingMonthOf(at: number): BillingMonth {
  return localDate(JAPAN_TIME_ZONE, at).slice(0, 7);
}

/** @example addMonths('2026-11', 2) // '2027-01' */
export function addMonths(month: BillingMonth, count: number): BillingMonth {
  const [year, monthOfYear] = month.split('-').map(Number) as [number, number];
  const index = year * 12 + (monthOfYear - 1) + count;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The instant the month begins in Japan: 00:00 on its 1st, Tokyo time. */
export function monthStartsAt(month: BillingMonth): number {
  return dayStart(JAPAN_TIME_ZONE, `${month}-01`);
}
