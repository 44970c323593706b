import { Hono } from 'hono';
import { announcementContracts as contracts } from '../../model/contracts/announcements.ts';
import type { Db } from '../db/open-database.ts';
import type { AppEnv } from '../http/env.ts';
import { route } from '../http/route.ts';
import type { Actor } from '../identity/actor.ts';
import { deleteAnnouncement, findAnnouncement, listAnnouncements, markRead, receivedAnnouncements, saveAnnouncement } from './announcements.ts';
import { receiverOf } from './receiver-of.ts';

/**
 * Latest information and system notifications: the platform posts them (`/news`, `/system_noti`),
 * every account reads what is meant for it (`/inbox/…`) and marks system notifications read.
 * `now` is the clock of statuses and windows (a test sets it).
 */
export function announcementRoutes(deps: { db: Db; now?: () => Date }) {
  const { db } = deps;
  const now = () => deps.now?.() ?? new Date();
  // Each login account reads for itself: a sub-admin's marks are its own, its receiver its parent's type.
  const reader = async (account: Actor) => ({ accountId: account.id, receiver: await receiverOf(db, account) });
  const app = new Hono<AppEnv>();

  route(app, contracts.listNews, async ({ query }) => ({ items: await listAnnouncements(db, 'news', query.status, now()) }));
  route(app, contracts.createNews, async ({ body, account }) => await saveAnnouncement(db, 'news', body, { now: now(), by: account.id }));
  route(app, contracts.getNews, async ({ params }) => await findAnnouncement(db, 'news', params.newsId, now()));
  route(app, contracts.replaceNews, async ({ params, body, account }) => await saveAnnouncement(db, 'news', body, { now: now(), by: account.id, id: params.newsId }));
  route(app, contracts.deleteNews, async ({ params }) => {
    await deleteAnnouncement(db, 'news', params.newsId);
    return { deleted: true as const };
  });
  route(app, contracts.receivedNews, async ({ account }) => await receivedAnnouncements(db, 'news', await reader(account), now()));

  route(app, contracts.listSystemNotifications, async ({ query }) => ({ items: await listAnnouncements(db, 'system', query.status, now()) }));
  route(app, contracts.createSystemNotification, async ({ body, account }) => await saveAnnouncement(db, 'system', body, { now: now(), by: account.id }));
  route(app, contracts.markSystemNotificationsRead, async ({ body, account }) => ({ unreadCount: await markRead(db, await reader(account), body.noti_ids, now()) }));
  route(app, contracts.showSystemNotification, async ({ params }) => await findAnnouncement(db, 'system', params.notiId, now()));
  route(app, contracts.updateSystemNotification, async ({ params, body, account }) => await saveAnnouncement(db, 'system', body, { now: now(), by: account.id, id: params.notiId }));
  route(app, contracts.deleteSystemNotification, async ({ params }) => {
    await deleteAnnouncement(db, 'system', params.notiId);
    return { deleted: true as const };
  });
  route(app, contracts.receivedSystemNotifications, async ({ account }) => await receivedAnnouncements(db, 'system', await reader(account), now()));
  return app;
}
