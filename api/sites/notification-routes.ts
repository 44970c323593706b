import { Hono } from 'hono';
import { notificationContracts as contracts } from '../../model/contracts/notifications.ts';
import type { Db } from '../db/open-database.ts';
import type { AppEnv } from '../http/env.ts';
import { route } from '../http/route.ts';
import { deleteNotification, findNotification, listNotifications, saveNotification } from './site-notifications.ts';

/** B §2 `notification-delivery/{siteId}`: the owner's side of the viewer's notification banner. `now` is the clock the date rules and statuses read (a test sets it). */
export function notificationRoutes(deps: { db: Db; now?: () => Date }) {
  const { db } = deps;
  const now = () => deps.now?.() ?? new Date();
  const app = new Hono<AppEnv>();
  route(app, contracts.listNotifications, async ({ site }) => ({ notifications: await listNotifications(db, site.id, now()) }));
  route(app, contracts.createNotification, async ({ site, body }) => await saveNotification(db, site.id, body, now()));
  route(app, contracts.getNotification, async ({ site, params }) => await findNotification(db, site.id, params.notificationId, now()));
  route(app, contracts.replaceNotification, async ({ site, params, body }) => await saveNotification(db, site.id, body, now(), params.notificationId));
  route(app, contracts.deleteNotification, async ({ site, params }) => {
    await deleteNotification(db, site.id, params.notificationId);
    return { deleted: true as const };
  });
  return app;
}
