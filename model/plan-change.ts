import { z } from 'zod';
import { billingMonthSchema } from './billing-month.ts';
import { planSchema } from './plan.ts';

/** 'pending' until its month begins (Japan time), then 'applied'; or 'cancelled' before that. */
export const planChangeStatusSchema = z.enum(['pending', 'applied', 'cancelled']);

/** A customer's request to move to another plan (spec B §1: from the 1st of the next month, Japan time). */
export const planChangeSchema = z.object({
  id: z.string(),
  fromPlanId: z.string().nullable(),
  toPlanId: z.string(),
  effectiveMonth: billingMonthSchema,
  status: planChangeStatusSchema,
  requestedAt: z.iso.datetime(),
});
export type PlanChange = z.infer<typeof planChangeSchema>;

/**
 * The body of a change request. The agreements are required when the chosen plan is a paid
 * contract (spec B §5: "if contract agreement is required, terms and privacy agreement are mandatory").
 */
export const planChangeRequestSchema = z.object({
  planId: z.string().min(1).max(64),
  agreeTerms: z.boolean().default(false),
  agreePrivacy: z.boolean().default(false),
});

/** Whether choosing `plan` is a contract the customer must agree to: any plan with a fee. */
export function needsAgreement(plan: { price: number; initialFee: number }): boolean {
  return plan.price > 0 || plan.initialFee > 0;
}

/** The page views of a month against the plan's limit (limitAccess): billed over it, never blocked. */
export const pageViewUseSchema = z.object({
  month: billingMonthSchema,
  pageViews: z.number().int().nonnegative(),
  limitAccess: z.number().int().nonnegative(),
  limitAccessPrice: z.number().int().nonnegative(),
  over: z.boolean(),
});

/** The plan screen (`/{prefix}/plan`): the account's plan, the plans it may choose, its pending change, the month's page views. */
export const userPlanViewSchema = z.object({
  current: planSchema.nullable(),
  choices: z.array(planSchema),
  pending: planChangeSchema.nullable(),
  /** The month a request made now would take effect (the next one, Japan time). */
  nextMonth: billingMonthSchema,
  usage: pageViewUseSchema.nullable(),
});
export type UserPlanView = z.infer<typeof userPlanViewSchema>;
