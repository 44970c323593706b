import { z } from 'zod';
import { announcementFilterSchema, announcementInputSchema, announcementViewSchema, markAsReadInputSchema, receivedAnnouncementSchema } from '../announcement.ts';
import { contract, type Contract } from './contract.ts';
import { change, read } from './policy.ts';

/** Only the platform posts latest information and system notifications (B §6). */
const PLATFORM = { types: ['MASTER', 'MASTER_USER'] } as const;
const deleted = z.object({ deleted: z.literal(true) });
const inbox = z.object({ items: z.array(receivedAnnouncementSchema), unreadCount: z.number().int() });

/**
 * Latest information (B §2 `latest-information`, B §7 `/news`) and system notifications (B §2
 * `system-notification`, B §7 `/system_noti` with `mark_as_read`): the platform's screens, and
 * what each signed-in account receives.
 */
export const announcementContracts = {
  listNews: contract({
    method: 'GET',
    path: '/news',
    origin: 'admin',
    summary: 'Latest information, newest first, filtered by status (all, published, unpublished, draft, expired)',
    policy: read('none', PLATFORM),
    query: announcementFilterSchema,
    response: z.object({ items: z.array(announcementViewSchema) }),
  }),
  createNews: contract({
    method: 'POST',
    path: '/news',
    origin: 'admin',
    summary: 'Post latest information: instant or scheduled, to the receivers named',
    policy: change('none', PLATFORM),
    body: announcementInputSchema,
    response: announcementViewSchema,
    status: 201,
  }),
  getNews: contract({
    method: 'GET',
    path: '/news/:newsId',
    origin: 'admin',
    summary: 'One piece of latest information with its status now',
    policy: read('none', PLATFORM),
    response: announcementViewSchema,
  }),
  replaceNews: contract({
    method: 'PUT',
    path: '/news/:newsId',
    origin: 'admin',
    summary: 'Replace a piece of latest information whole',
    policy: change('none', PLATFORM),
    body: announcementInputSchema,
    response: announcementViewSchema,
  }),
  deleteNews: contract({
    method: 'DELETE',
    path: '/news/:newsId',
    origin: 'admin',
    summary: 'Delete a piece of latest information',
    policy: change('none', PLATFORM),
    response: deleted,
  }),
  receivedNews: contract({
    method: 'GET',
    path: '/inbox/news',
    origin: 'admin',
    summary: 'The latest information meant for the caller and on the air now, newest first',
    policy: read('none'),
    response: inbox,
  }),
  listSystemNotifications: contract({
    method: 'GET',
    path: '/system_noti',
    origin: 'admin',
    summary: 'System notifications, newest first, filtered by status',
    policy: read('none', PLATFORM),
    query: announcementFilterSchema,
    response: z.object({ items: z.array(announcementViewSchema) }),
  }),
  createSystemNotification: contract({
    method: 'POST',
    path: '/system_noti',
    origin: 'admin',
    summary: 'Create a system notification for OEM masters, OEM admins, OEM users, direct users or master users',
    policy: change('none', PLATFORM),
    body: announcementInputSchema,
    response: announcementViewSchema,
    status: 201,
  }),
  showSystemNotification: contract({
    method: 'GET',
    path: '/system_noti/:notiId',
    origin: 'admin',
    summary: 'One system notification with its status now',
    policy: read('none', PLATFORM),
    response: announcementViewSchema,
  }),
  updateSystemNotification: contract({
    method: 'PUT',
    path: '/system_noti/:notiId',
    origin: 'admin',
    summary: 'Replace a system notification whole',
    policy: change('none', PLATFORM),
    body: announcementInputSchema,
    response: announcementViewSchema,
  }),
  deleteSystemNotification: contract({
    method: 'DELETE',
    path: '/system_noti/:notiId',
    origin: 'admin',
    summary: 'Delete a system notification',
    policy: change('none', PLATFORM),
    response: deleted,
  }),
  receivedSystemNotifications: contract({
    method: 'GET',
    path: '/inbox/system_noti',
    origin: 'admin',
    summary: 'The system notifications meant for the caller and on the air now, each marked read or not, with the unread count',
    policy: read('none'),
    response: inbox,
  }),
  markSystemNotificationsRead: contract({
    method: 'POST',
    path: '/system_noti/mark_as_read',
    origin: 'admin',
    summary: 'Mark the caller’s system notifications `noti_ids` as read (ids not meant for the caller are ignored); answers the unread count',
    // Reading changes nothing of the account's: viewers and view authority may mark what they read.
    policy: read('none'),
    body: markAsReadInputSchema,
    response: z.object({ unreadCount: z.number().int() }),
  }),
} satisfies Record<string, Contract>;
