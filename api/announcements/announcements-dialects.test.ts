import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announcementInputSchema } from '../../model/announcement.ts';
import { openDatabase, type AnyQueries } from '../db/open-database.ts';
import { accounts } from '../db/schema.ts';
import { announcementReads } from '../db/schema-announcements.ts';
import { createTestPostgres } from '../db/pg/test-database.ts';
import { deleteAnnouncement, findAnnouncement, listAnnouncements, markRead, receivedAnnouncements, saveAnnouncement } from './announcements.ts';

/**
 * The announcement store, the first module written against `AnyQueries` (docs/postgres-plan.md),
 * run unchanged on SQLite (better-sqlite3) and on Debian's PostgreSQL.
 */

const now = new Date('2030-03-10T09:00:00Z');
const input = (extra: Record<string, unknown> = {}) =>
  announcementInputSchema.parse({ title: 'Maintenance', content: 'The console pauses at 2 am.', publicationMode: 'INSTANT', status: 'PUBLISHED', receivers: ['OEM_ADMIN'], ...extra });

type Dialect = { name: string; open(): Promise<{ db: AnyQueries; close(): Promise<void> }> };

const DIALECTS: Dialect[] = [
  {
    name: 'SQLite',
    async open() {
      const dir = await mkdtemp(path.join(os.tmpdir(), 'swipegrid-announcements-'));
      const db = openDatabase(path.join(dir, 'db.sqlite'));
      const close = async () => {
        db.$client.close();
        await rm(dir, { recursive: true, force: true });
      };
      return { db, close };
    },
  },
  {
    name: 'PostgreSQL',
    async open() {
      const pg = await createTestPostgres();
      return { db: pg.db, close: () => pg.drop() };
    },
  },
];

describe.each(DIALECTS)('announcements on $name', (dialect) => {
  let db: AnyQueries;
  let close: () => Promise<void>;
  const reader = { accountId: randomUUID(), receiver: 'OEM_ADMIN' as const };
  const master = randomUUID();

  beforeAll(async () => {
    ({ db, close } = await dialect.open());
    await db.insert(accounts).values([
      { id: master, email: 'master@example.com', passwordHash: '', accountType: 'MASTER' },
      { id: reader.accountId, email: 'oem-admin@example.com', passwordHash: '', accountType: 'OEM_ADMIN', parentId: master, licenseIssued: true },
    ]);
  }, 60_000);
  afterAll(async () => close());

  it('keeps what was saved, timestamps and JSON receivers included, and lists newest first', async () => {
    const first = await saveAnnouncement(db, 'system', input({ title: 'First' }), { now, by: master });
    const second = await saveAnnouncement(db, 'system', input({ title: 'Second', receivers: ['OEM_ADMIN', 'DIRECT_USER'] }), { now: new Date(now.getTime() + 1000), by: master });
    expect(await findAnnouncement(db, 'system', first.id, now)).toMatchObject({ title: 'First', receivers: ['OEM_ADMIN'], createdAt: now.toISOString(), startDate: now.toISOString() });
    const listed = await listAnnouncements(db, 'system', 'all', now);
    expect(listed.map((view) => view.title).slice(0, 2)).toEqual(['Second', 'First']);
    expect(listed[0]!.receivers).toEqual(['OEM_ADMIN', 'DIRECT_USER']);
    expect(second.shownStatus).toBe('published');
  });

  it('marks read once, even when the same marks arrive at once', async () => {
    const notice = await saveAnnouncement(db, 'system', input({ title: 'Read me' }), { now, by: master });
    const before = (await receivedAnnouncements(db, 'system', reader, now)).unreadCount;
    const counts = await Promise.all([markRead(db, reader, [notice.id], now), markRead(db, reader, [notice.id], now)]);
    expect(Math.min(...counts)).toBe(before - 1);
    const rows = await db.select().from(announcementReads);
    expect(rows.filter((row) => row.announcementId === notice.id)).toEqual([{ announcementId: notice.id, accountId: reader.accountId, readAt: now }]);
  });

  it('deletes one, and its reads with it', async () => {
    const notice = await saveAnnouncement(db, 'system', input({ title: 'Gone' }), { now, by: master });
    await markRead(db, reader, [notice.id], now);
    await deleteAnnouncement(db, 'system', notice.id);
    await expect(findAnnouncement(db, 'system', notice.id, now)).rejects.toMatchObject({ key: 'announcementNotFound' });
    expect((await db.select().from(announcementReads)).some((row) => row.announcementId === notice.id)).toBe(false);
  });
});
