import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test-support.ts';

// The admin and site apps read one clock this test moves: date rules, statuses and the banner's window.
let clock = new Date('2030-06-01T12:00:00Z');
let ctx: TestContext;
let siteId: string;

const HOUR = 3_600_000;
const at = (hours: number) => new Date(Date.parse('2030-06-01T12:00:00Z') + hours * HOUR).toISOString();

beforeEach(async () => {
  clock = new Date('2030-06-01T12:00:00Z');
  ctx = await createTestContext({ clock: () => clock });
  siteId = (await ctx.createSite({ numberHorizontal: 1, numberVertical: 1 })).id;
});

afterEach(async () => {
  await ctx.cleanup();
});

const base = `/api/site/`;
const create = (json: unknown) => ctx.request(`${base}${siteId}/notification-delivery`, { method: 'POST', json });
const banner = async () => {
  const response = await ctx.visit(`/api/end-user/noti_delivery?site_id=${siteId}`, { site: siteId });
  expect(response.status).toBe(200);
  return ((await response.json()) as { notifications: { title: string }[] }).notifications.map((notification) => notification.title);
};

describe('notification delivery: create, read, edit, delete', () => {
  it('creates, lists newest first, reads, replaces and deletes a site’s notifications', async () => {
    const first = await create({ title: 'Opening', content: 'We open on Monday', newsUrl: 'https://example.com/news', status: 'PUBLISHED', publicationMode: 'INSTANT' });
    expect(first.status).toBe(201);
    const opening = (await first.json()) as { id: string; startDate: string | null; shownStatus: string };
    // An instant one starts when it is saved published.
    expect(opening).toMatchObject({ startDate: clock.toISOString(), shownStatus: 'published' });
    const second = (await (await create({ title: 'Draft idea', status: 'DRAFT' })).json()) as { id: string };
    const list = (await (await ctx.request(`${base}${siteId}/notification-delivery`)).json()) as { notifications: { id: string; shownStatus: string }[] };
    expect(list.notifications.map((notification) => [notification.id, notification.shownStatus])).toEqual([
      [second.id, 'draft'],
      [opening.id, 'published'],
    ]);
    const replaced = await ctx.request(`${base}${siteId}/notification-delivery/${opening.id}`, { method: 'PUT', json: { title: 'Opening soon', status: 'UNPUBLISHED' } });
    expect(replaced.status).toBe(200);
    expect(await replaced.json()).toMatchObject({ id: opening.id, title: 'Opening soon', content: '', shownStatus: 'unpublished' });
    expect(await (await ctx.request(`${base}${siteId}/notification-delivery/${opening.id}`)).json()).toMatchObject({ title: 'Opening soon' });
    expect((await ctx.request(`${base}${siteId}/notification-delivery/${opening.id}`, { method: 'DELETE' })).status).toBe(200);
    expect((await ctx.request(`${base}${siteId}/notification-delivery/${opening.id}`)).status).toBe(404);
    expect((await ctx.request(`${base}${siteId}/notification-delivery/${opening.id}`, { method: 'PUT', json: { title: 'Gone' } })).status).toBe(404);
  });

  it('keeps another site’s notification out of reach', async () => {
    const { id } = (await (await create({ title: 'Mine' })).json()) as { id: string };
    const other = (await ctx.createSite({ numberHorizontal: 1, numberVertical: 1 })).id;
    expect((await ctx.request(`${base}${other}/notification-delivery/${id}`)).status).toBe(404);
  });

  it('keeps every notification of parallel creations', async () => {
    const answers = await Promise.all(Array.from({ length: 12 }, (_, n) => create({ title: `Parallel ${n}` })));
    expect(answers.map((answer) => answer.status)).toEqual(Array(12).fill(201));
    const list = (await (await ctx.request(`${base}${siteId}/notification-delivery`)).json()) as { notifications: unknown[] };
    expect(list.notifications).toHaveLength(12);
  });
});

describe('notification date rules (B §5) and status', () => {
  it('refuses a scheduled notification without a start, an end missing, before its start or not later than now', async () => {
    const refused = async (json: Record<string, unknown>, path: string, key: string) => {
      const response = await create({ title: 'Sale', publicationMode: 'SCHEDULED', ...json });
      expect(response.status).toBe(400);
      const body = (await response.json()) as { key: string; issues: { path: string[]; key: string }[] };
      expect(body.issues).toContainEqual(expect.objectContaining({ path: [path], key }));
    };
    await refused({}, 'startDate', 'startDateRequired');
    await refused({ startDate: at(1) }, 'endDate', 'invalidDateRange');
    await refused({ startDate: at(3), endDate: at(2) }, 'endDate', 'invalidDateRange');
    // Ordered, but already over by the server's clock.
    await refused({ startDate: at(-3), endDate: at(-1) }, 'endDate', 'invalidDateRange');
    expect((await create({ title: 'Sale', publicationMode: 'SCHEDULED', startDate: at(-1), endDate: at(1) })).status).toBe(201);
  });

  it('answers the message in the caller’s language', async () => {
    const response = await ctx.request(`${base}${siteId}/notification-delivery`, {
      method: 'POST',
      json: { title: 'Sale', publicationMode: 'SCHEDULED', startDate: at(3), endDate: at(2) },
      headers: { 'accept-language': 'ja' },
    });
    expect(((await response.json()) as { message: string }).message).toContain('日付の範囲が正しくありません。');
  });

  it('shows expired once the end has passed, whatever status the owner chose', async () => {
    const { id } = (await (await create({ title: 'Weekend', publicationMode: 'SCHEDULED', startDate: at(1), endDate: at(5), status: 'PUBLISHED' })).json()) as { id: string };
    clock = new Date(at(5));
    expect(await (await ctx.request(`${base}${siteId}/notification-delivery/${id}`)).json()).toMatchObject({ shownStatus: 'published' });
    clock = new Date(Date.parse(at(5)) + 1);
    expect(await (await ctx.request(`${base}${siteId}/notification-delivery/${id}`)).json()).toMatchObject({ shownStatus: 'expired' });
  });
});

describe('the banner’s notifications (GET /end-user/noti_delivery)', () => {
  it('shows a scheduled notification only inside its window, and never a draft or an unpublished one', async () => {
    await ctx.publish(siteId);
    await create({ title: 'Scheduled', publicationMode: 'SCHEDULED', startDate: at(2), endDate: at(4), status: 'PUBLISHED' });
    await create({ title: 'Draft', publicationMode: 'SCHEDULED', startDate: at(2), endDate: at(4), status: 'DRAFT' });
    await create({ title: 'Hidden', status: 'UNPUBLISHED' });
    await create({ title: 'Now', status: 'PUBLISHED' });
    expect(await banner()).toEqual(['Now']);
    clock = new Date(Date.parse(at(2)) - 1);
    expect(await banner()).toEqual(['Now']);
    // The viewer asks again when the window opens: 1 ms from now, by the server's clock.
    const answer = (await (await ctx.visit(`/api/end-user/noti_delivery?site_id=${siteId}`, { site: siteId })).json()) as { nextChangeInMs: number | null };
    expect(answer.nextChangeInMs).toBe(1);
    clock = new Date(at(2));
    expect(await banner()).toEqual(['Scheduled', 'Now']);
    clock = new Date(at(4));
    expect(await banner()).toEqual(['Scheduled', 'Now']);
    clock = new Date(Date.parse(at(4)) + 1);
    expect(await banner()).toEqual(['Now']);
  });
});

describe('a notification’s texts per language (jp default, en)', () => {
  const bannerIn = async (lang: string) => {
    const response = await ctx.visit(`/api/end-user/noti_delivery?site_id=${siteId}&lang=${lang}`, { site: siteId });
    expect(response.status).toBe(200);
    return ((await response.json()) as { notifications: Record<string, unknown>[] }).notifications;
  };

  it('shows each visitor the texts of their language, and the default language’s where a text is missing', async () => {
    await ctx.publish(siteId);
    await create({ title: '新商品のお知らせ', content: '月曜日に発売', translations: { en: { title: 'New product', content: '' } } });
    await create({ title: '営業時間の変更', content: '10時から' });
    const [product, changed] = await bannerIn('en');
    // The English title, and the Japanese content where English has none; no other language travels.
    expect(product).toMatchObject({ title: 'New product', content: '月曜日に発売' });
    expect(product).not.toHaveProperty('translations');
    expect(changed).toMatchObject({ title: '営業時間の変更', content: '10時から' });
    expect((await bannerIn('jp')).map((notification) => notification.title)).toEqual(['新商品のお知らせ', '営業時間の変更']);
  });

  it('keeps a notification saved before texts per language as the default language’s, untranslated elsewhere', async () => {
    await ctx.publish(siteId);
    // Written as the old form stored it: no translations at all.
    const created = (await (await create({ title: '旧お知らせ', content: '本文' })).json()) as { id: string; translations: unknown };
    expect(created.translations).toEqual({});
    expect(await bannerIn('en')).toMatchObject([{ title: '旧お知らせ', content: '本文' }]);
  });

  it('stores no translation into the default language nor a blank one, and refuses one too long beside its field', async () => {
    const response = await create({ title: 'お知らせ', translations: { jp: { title: 'ignored', content: '' }, en: { title: '  ', content: '' } } });
    expect(response.status).toBe(201);
    expect(((await response.json()) as { translations: unknown }).translations).toEqual({});
    const tooLong = await create({ title: 'お知らせ', translations: { en: { title: 'x'.repeat(51), content: '' } } });
    expect(tooLong.status).toBe(400);
    const body = (await tooLong.json()) as { issues: { path: (string | number)[] }[] };
    expect(body.issues.map((issue) => issue.path.join('.'))).toContain('translations.en.title');
  });

  it('replaces the translations with the rest of the notification', async () => {
    const { id } = (await (await create({ title: 'お知らせ', translations: { en: { title: 'News', content: 'Hello' } } })).json()) as { id: string };
    const replaced = await ctx.request(`${base}${siteId}/notification-delivery/${id}`, { method: 'PUT', json: { title: 'お知らせ', translations: { en: { title: 'Notice', content: '' } } } });
    expect(replaced.status).toBe(200);
    expect(((await replaced.json()) as { translations: unknown }).translations).toEqual({ en: { title: 'Notice', content: '' } });
  });
});
