import { z } from 'zod';
import { convertibleEventTypeSchema } from './visitor-event.ts';
import { DEFAULT_CONVERSION_EVENTS, type ConvertibleEventType } from './visitor-event-kinds.ts';

/**
 * A site's analytics settings (issue 13). `cookieless`: visitors are counted without any cookie,
 * by a hash of a daily salt, the site, the address and the browser (docs/decisions.md, "What
 * analytics stores about a visitor"). `conversionEvents`: which events count as a conversion (CV).
 */
export const analyticsSettingsSchema = z.object({
  cookieless: z.boolean().default(false),
  conversionEvents: z
    .array(convertibleEventTypeSchema)
    // A type named twice is still one rule: kept once, nothing to refuse.
    .transform((types) => [...new Set(types)])
    .default((): ConvertibleEventType[] => [...DEFAULT_CONVERSION_EVENTS]),
});
export type AnalyticsSettings = z.infer<typeof analyticsSettingsSchema>;
