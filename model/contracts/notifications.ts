import { z } from 'zod';
import { notificationInputSchema, notificationViewSchema } from '../notification-delivery.ts';
import { contract, type Contract } from './contract.ts';
import { change, read } from './policy.ts';

/**
 * A site's visitor notifications (B §2 `notification-delivery/{siteId}` with create, edit,
 * detail): what the viewer's banner shows inside each one's window (`GET /end-user/noti_delivery`).
 */
export const notificationContracts = {
  listNotifications: contract({
    method: 'GET',
    path: '/site/:id/notification-delivery',
    origin: 'admin',
    summary: 'The site’s visitor notifications with their status now, newest first',
    policy: read('site'),
    response: z.object({ notifications: z.array(notificationViewSchema) }),
  }),
  createNotification: contract({
    method: 'POST',
    path: '/site/:id/notification-delivery',
    origin: 'admin',
    summary: 'Create a notification; a scheduled one needs a start, and with a start an end after it and later than now',
    policy: change('site'),
    body: notificationInputSchema,
    response: notificationViewSchema,
    status: 201,
  }),
  getNotification: contract({
    method: 'GET',
    path: '/site/:id/notification-delivery/:notificationId',
    origin: 'admin',
    summary: 'One notification with its status now',
    policy: read('site'),
    response: notificationViewSchema,
  }),
  replaceNotification: contract({
    method: 'PUT',
    path: '/site/:id/notification-delivery/:notificationId',
    origin: 'admin',
    summary: 'Replace a notification whole, by the same date rules',
    policy: change('site'),
    body: notificationInputSchema,
    response: notificationViewSchema,
  }),
  deleteNotification: contract({
    method: 'DELETE',
    path: '/site/:id/notification-delivery/:notificationId',
    origin: 'admin',
    summary: 'Delete a notification',
    policy: change('site'),
    response: z.object({ deleted: z.literal(true) }),
  }),
} satisfies Record<string, Contract>;
