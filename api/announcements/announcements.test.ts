import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEWS_MAX } from '../../model/constants.ts';
import { RECEIVERS, type Receiver } from '../../model/announcement.ts';
import { hashPassword } from '../identity/password.ts';
import { addAccount, createTestContext, type TestContext } from '../test-support.ts';
import { accounts } from '../db/schema.ts';

const DAY = 24 * 60 * 60 * 1000;
const PASSWORD = 'Announce#Pass1';
let nowMs = Date.parse('2030-03-10T09:00:00Z');
let ctx: TestContext;

/** Every account type of the tree, with the receiver each one is (null: receives nothing). */
const CALLERS = ['MASTER', 'MASTER_USER', 'OEM_MASTER', 'OEM_ADMIN', 'OEM user', 'direct user', 'SUB_ADMIN of an OEM admin', 'SUB_ADMIN of a direct user'] as const;
type Caller = (typeof CALLERS)[number];
const RECEIVER_OF: Record<Caller, Receiver | null> = {
  MASTER: null,
  MASTER_USER: 'MASTER_USER',
  OEM_MASTER: 'OEM_MASTER',
  OEM_ADMIN: 'OEM_ADMIN',
  'OEM user': 'OEM_USER',
  'direct user': 'DIRECT_USER',
  'SUB_ADMIN of an OEM admin': 'OEM_ADMIN',
  'SUB_ADMIN of a direct user': 'DIRECT_USER',
};
const cookies = new Map<Caller, string>();

beforeAll(async () => {
  ctx = await createTestContext({ clock: () => new Date(nowMs) });
  const passwordHash = await hashPassword(PASSWORD);
  const master = (await ctx.db.select().from(accounts).get())!.id;
  const add = async (type: Parameters<typeof addAccount>[1]['type'], parentId: string) => (await addAccount(ctx.db, { type, parentId, passwordHash, password: PASSWORD, planId: 'trial' })).email;
  const masterUser = await add('MASTER_USER', master);
  const oemMaster = await addAccount(ctx.db, { type: 'OEM_MASTER', parentId: master, passwordHash, password: PASSWORD, planId: 'trial' });
  const oemAdmin = await addAccount(ctx.db, { type: 'OEM_ADMIN', parentId: oemMaster.id, passwordHash, password: PASSWORD });
  const oemUser = await add('USER', oemAdmin.id);
  const directUser = await addAccount(ctx.db, { type: 'USER', parentId: master, passwordHash, password: PASSWORD, planId: 'trial' });
  const emails: Record<Exclude<Caller, 'MASTER'>, string> = {
    MASTER_USER: masterUser,
    OEM_MASTER: oemMaster.email,
    OEM_ADMIN: oemAdmin.email,
    'OEM user': oemUser,
    'direct user': directUser.email,
    'SUB_ADMIN of an OEM admin': await add('SUB_ADMIN', oemAdmin.id),
    'SUB_ADMIN of a direct user': await add('SUB_ADMIN', directUser.id),
  };
  cookies.set('MASTER', await ctx.login());
  for (const [caller, email] of Object.entries(emails)) cookies.set(caller as Caller, await ctx.loginAs(email, PASSWORD));
});
afterAll(async () => ctx.cleanup());

const iso = (ms: number) => new Date(ms).toISOString();
const notice = (extra: Record<string, unknown> = {}) => ({
  title: 'Maintenance',
  content: 'The console pauses at 2 am.',
  publicationMode: 'INSTANT',
  status: 'PUBLISHED',
  receivers: ['OEM_ADMIN'],
  ...extra,
});

async function as<T>(caller: Caller, path: string, init: { method?: string; json?: unknown } = {}, status = 200): Promise<T> {
  const response = await ctx.request(path, { ...init, headers: { cookie: cookies.get(caller)! } });
  expect(response.status, `${caller} ${path}: ${await response.clone().text()}`).toBe(status);
  return (await response.json()) as T;
}

type Inbox = { items: { id: string; title: string; read: boolean }[]; unreadCount: number };
type View = { id: string; shownStatus: string };

describe('latest information', () => {
  it('scheduled for tomorrow, reaches its receivers tomorrow and leaves them after its end', async () => {
    const start = nowMs + DAY;
    const news = await as<View>(
      'MASTER',
      '/api/news',
      { method: 'POST', json: notice({ title: 'Tomorrow', publicationMode: 'SCHEDULED', startDate: iso(start), endDate: iso(start + DAY), receivers: ['DIRECT_USER', 'OEM_USER'] }) },
      201,
    );
    expect(news.shownStatus).toBe('published');
    const inboxOf = async (caller: Caller) => (await as<Inbox>(caller, '/api/inbox/news')).items.map((item) => item.title);
    expect(await inboxOf('direct user')).not.toContain('Tomorrow');
    nowMs = start - 1000;
    expect(await inboxOf('direct user')).not.toContain('Tomorrow');
    nowMs = start;
    expect(await inboxOf('direct user')).toContain('Tomorrow');
    expect(await inboxOf('OEM user')).toContain('Tomorrow');
    expect(await inboxOf('OEM_ADMIN')).not.toContain('Tomorrow');
    nowMs = start + DAY + 1000;
    expect(await inboxOf('direct user')).not.toContain('Tomorrow');
    const expired = await as<{ items: View[] }>('MASTER', '/api/news?status=expired');
    expect(expired.items.map((item) => item.id)).toContain(news.id);
    expect((await as<{ items: View[] }>('MASTER', '/api/news?status=published')).items.map((item) => item.id)).not.toContain(news.id);
  });

  it('filters the list by status: published, unpublished, draft, expired, all', async () => {
    const made = {
      published: await as<View>('MASTER', '/api/news', { method: 'POST', json: notice() }, 201),
      unpublished: await as<View>('MASTER', '/api/news', { method: 'POST', json: notice({ status: 'UNPUBLISHED' }) }, 201),
      draft: await as<View>('MASTER', '/api/news', { method: 'POST', json: notice({ status: 'DRAFT' }) }, 201),
    };
    for (const [status, view] of Object.entries(made)) {
      const ids = (await as<{ items: View[] }>('MASTER', `/api/news?status=${status}`)).items.map((item) => item.id);
      expect(ids).toContain(view.id);
      for (const other of Object.values(made)) if (other !== view) expect(ids).not.toContain(other.id);
    }
    const all = (await as<{ items: View[] }>('MASTER', '/api/news')).items.map((item) => item.id);
    expect(all).toEqual(expect.arrayContaining(Object.values(made).map((view) => view.id)));
  });

  it('refuses content over 120 characters, no receiver, a scheduled one without a start; only the platform posts', async () => {
    const keyOf = async (json: unknown) => ((await (await ctx.request('/api/news', { method: 'POST', json })).json()) as { key: string }).key;
    expect(await keyOf(notice({ content: 'x'.repeat(NEWS_MAX + 1) }))).toBe('textTooLong');
    expect(await keyOf(notice({ receivers: [] }))).toBe('receiversRequired');
    expect(await keyOf(notice({ publicationMode: 'SCHEDULED' }))).toBe('startDateRequired');
    await as('MASTER', '/api/news', { method: 'POST', json: notice({ content: 'x'.repeat(NEWS_MAX) }) }, 201);
    await as('OEM_MASTER', '/api/news', { method: 'POST', json: notice() }, 403);
    await as('OEM_ADMIN', '/api/system_noti', { method: 'POST', json: notice() }, 403);
  });
});

describe('system notifications', () => {
  it('reach exactly the receivers they name, over every account type', async () => {
    const titles = new Map<Receiver, string>();
    for (const receiver of RECEIVERS) {
      const title = `For ${receiver} ${Math.random()}`;
      titles.set(receiver, title);
      await as('MASTER', '/api/system_noti', { method: 'POST', json: notice({ title, receivers: [receiver] }) }, 201);
    }
    for (const caller of CALLERS) {
      const received = (await as<Inbox>(caller, '/api/inbox/system_noti')).items.map((item) => item.title);
      const expected = RECEIVERS.filter((receiver) => receiver === RECEIVER_OF[caller]).map((receiver) => titles.get(receiver)!);
      expect({ caller, received: received.filter((title) => [...titles.values()].includes(title)) }).toEqual({ caller, received: expected });
    }
  });

  it('mark-as-read lowers the caller’s unread count alone, and ignores ids not meant for the caller', async () => {
    const forAdmins = await as<View>('MASTER', '/api/system_noti', { method: 'POST', json: notice({ title: 'Read me', receivers: ['OEM_ADMIN', 'OEM_MASTER'] }) }, 201);
    const forMasterUsers = await as<View>('MASTER', '/api/system_noti', { method: 'POST', json: notice({ title: 'Not for admins', receivers: ['MASTER_USER'] }) }, 201);
    const before = await as<Inbox>('OEM_ADMIN', '/api/inbox/system_noti');
    expect(before.items.find((item) => item.id === forAdmins.id)?.read).toBe(false);
    const after = await as<{ unreadCount: number }>('OEM_ADMIN', '/api/system_noti/mark_as_read', { method: 'POST', json: { noti_ids: [forAdmins.id, forMasterUsers.id] } });
    expect(after.unreadCount).toBe(before.unreadCount - 1);
    const inbox = await as<Inbox>('OEM_ADMIN', '/api/inbox/system_noti');
    expect(inbox.unreadCount).toBe(after.unreadCount);
    expect(inbox.items.find((item) => item.id === forAdmins.id)?.read).toBe(true);
    // Its sub-admin and the OEM master read for themselves; the master user never got it marked.
    expect((await as<Inbox>('SUB_ADMIN of an OEM admin', '/api/inbox/system_noti')).items.find((item) => item.id === forAdmins.id)?.read).toBe(false);
    expect((await as<Inbox>('OEM_MASTER', '/api/inbox/system_noti')).items.find((item) => item.id === forAdmins.id)?.read).toBe(false);
    expect((await as<Inbox>('MASTER_USER', '/api/inbox/system_noti')).items.find((item) => item.id === forMasterUsers.id)?.read).toBe(false);
    // Marking again changes nothing.
    expect((await as<{ unreadCount: number }>('OEM_ADMIN', '/api/system_noti/mark_as_read', { method: 'POST', json: { noti_ids: [forAdmins.id] } })).unreadCount).toBe(after.unreadCount);
  });

  it('are shown, updated and deleted by the platform', async () => {
    const made = await as<View & { title: string }>('MASTER', '/api/system_noti', { method: 'POST', json: notice() }, 201);
    expect((await as<{ title: string }>('MASTER_USER', `/api/system_noti/${made.id}`)).title).toBe('Maintenance');
    expect((await as<{ title: string }>('MASTER', `/api/system_noti/${made.id}`, { method: 'PUT', json: notice({ title: 'Changed' }) })).title).toBe('Changed');
    await as('MASTER', `/api/system_noti/${made.id}`, { method: 'DELETE' });
    await as('MASTER', `/api/system_noti/${made.id}`, {}, 404);
    // A news id is no system notification.
    const news = await as<View>('MASTER', '/api/news', { method: 'POST', json: notice() }, 201);
    await as('MASTER', `/api/system_noti/${news.id}`, {}, 404);
  });
});
