import { z } from 'zod';
import { TEXT_MAX } from './constants.ts';
import { notificationDateIssues, notificationStatusSchema } from './notification-delivery.ts';
import { notificationShape } from './site.ts';
import { optionalText } from './validation.ts';

/**
 * What the platform tells its own users in the console (B §2 "latest information" and "system
 * notification", B §3 "News / notification", B §4 states, B §5 content ≤ 120): news and system
 * notifications share every field; a system notification also has who has read it.
 */

export const ANNOUNCEMENT_KINDS = ['news', 'system'] as const;
export type AnnouncementKind = (typeof ANNOUNCEMENT_KINDS)[number];

/**
 * Who an announcement is for (B §6 "System notifications target OEM master, OEM admin, OEM user
 * or master user"). An OEM user is a user below an OEM master; a user directly below the platform
 * is a direct user, a receiver of its own (docs/decisions.md).
 */
export const RECEIVERS = ['MASTER_USER', 'OEM_MASTER', 'OEM_ADMIN', 'OEM_USER', 'DIRECT_USER'] as const;
export const receiverSchema = z.enum(RECEIVERS);
export type Receiver = z.output<typeof receiverSchema>;

/** The list screens' status filter (B §4): all, or one shown status. */
export const announcementFilterSchema = z.object({ status: z.enum(['all', ...notificationStatusSchema.options]).default('all') });

/** What the operator sends to create or replace one; the dates follow the notification rules (model/notification-delivery.ts). */
export const announcementInputSchema = z
  .object({
    ...notificationShape,
    distributionSite: optionalText(TEXT_MAX),
    receivers: z
      .array(receiverSchema)
      .min(1, 'receiversRequired')
      .transform((list) => [...new Set(list)]),
  })
  .superRefine((input, ctx) => {
    for (const issue of notificationDateIssues(input)) ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.key });
  });
export type AnnouncementInput = z.output<typeof announcementInputSchema>;

/** One as the operator reads it: stored fields, its status now, and (system) how many receivers read it. */
export const announcementViewSchema = z.object({
  id: z.string(),
  kind: z.enum(ANNOUNCEMENT_KINDS),
  ...notificationShape,
  distributionSite: z.string(),
  receivers: z.array(receiverSchema),
  shownStatus: notificationStatusSchema,
  createdAt: z.iso.datetime(),
});
export type AnnouncementView = z.output<typeof announcementViewSchema>;

/** One as a receiver reads it in the console: what it says, when it started, whether they read it. */
export const receivedAnnouncementSchema = z.object({
  id: z.string(),
  title: z.string(),
  content: z.string(),
  imageUrl: z.string(),
  newsUrl: z.string(),
  distributionSite: z.string(),
  startDate: z.string().nullable(),
  read: z.boolean(),
});
export type ReceivedAnnouncement = z.output<typeof receivedAnnouncementSchema>;

/** `mark_as_read` (B §7) with the spec's `noti_ids`. */
export const markAsReadInputSchema = z.object({ noti_ids: z.array(z.string().min(1).max(64)).min(1).max(200) });
