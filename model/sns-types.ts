/** Visitor spec §3: the social links a site can show. Without zod, for the viewer. */
export const SNS_TYPES = ['youtube', 'line', 'instagram', 'x', 'tiktok', 'facebook', 'phone_number', 'google_map'] as const;
export type SnsTypeName = (typeof SNS_TYPES)[number];

/** Whether a value names one of them (a data attribute read back from the page). */
export function isSnsType(value: unknown): value is SnsTypeName {
  return (SNS_TYPES as readonly unknown[]).includes(value);
}
