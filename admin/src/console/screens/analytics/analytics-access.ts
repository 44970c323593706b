import type { Account } from '../../api/types.ts';

/**
 * Whether the console offers swipe analytics to the account: its plan has `analyticsEffect`
 * (B §6); the platform's own accounts (no plan) have every feature. The API refuses the reports
 * by the site owner's plan whatever the console shows.
 */
export function mayUseAnalytics(account: Pick<Account, 'plan'>): boolean {
  return account.plan === null || account.plan.analyticsEffect;
}

/** The analytics across the account's sites. */
export function accountAnalyticsHref(routePrefix: string): string {
  return `/${routePrefix}/analytics`;
}

/** The spec's `analytics` screen of one site. */
export function analyticsHref(routePrefix: string, siteId: string): string {
  return `/${routePrefix}/analytics/${siteId}`;
}
