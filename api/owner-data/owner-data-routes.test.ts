import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiteInputSchema } from '../../model/site-input.ts';
import { createSite } from '../sites/create-site.ts';
import { addAccount, createTestContext, type TestContext } from '../test-support.ts';
import { dateRow, publishedSiteWithForms, registerMember, sendEntry } from './owner-data-test-support.ts';

let ctx: TestContext;
let siteId: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  ctx = await createTestContext();
  siteId = await publishedSiteWithForms(ctx);
  ids.hanako = await registerMember(ctx, siteId, 'hanako@example.com', { nickname: 'はなちゃん' });
  ids.taro = await registerMember(ctx, siteId, 'taro@example.com', { nickname: 'Taro' }, 'en');
  ids.jiro = await registerMember(ctx, siteId, 'jiro@example.com', {});
  await dateRow(ctx, 'members', ids.hanako, '2026-03-01T10:00:00Z');
  await dateRow(ctx, 'members', ids.taro, '2026-03-05T10:00:00Z');
  await dateRow(ctx, 'members', ids.jiro, '2026-03-09T10:00:00Z');
  ids.contact1 = await sendEntry(ctx, siteId, 'contact', { email: 'guest@example.com', name: '佐藤 花子', interests: ['A', 'B'], message: '見積もりをお願いします' });
  ids.contact2 = await sendEntry(ctx, siteId, 'contact', { email: 'other@example.com', name: 'Smith', message: '100% sure_thing' }, 'en');
  ids.form1 = await sendEntry(ctx, siteId, 'homepage', { email: 'buyer@example.com', companyName: '株式会社テスト', people: 3 });
  await dateRow(ctx, 'entries', ids.contact1, '2026-04-01T00:00:00Z');
  await dateRow(ctx, 'entries', ids.contact2, '2026-04-02T00:00:00Z');
});

afterAll(async () => {
  await ctx.cleanup();
});

async function json<T>(path: string, init?: Parameters<TestContext['request']>[1]): Promise<{ status: number; body: T }> {
  const response = await ctx.request(path, init);
  return { status: response.status, body: (await response.json()) as T };
}

type MemberList = {
  members: { id: string; email: string; lang: string; profile: Record<string, unknown> }[];
  total: number;
  page: number;
  pageSize: number;
  columns: { key: string; title: string }[];
};
type EntryList = { entries: { id: string; data: Record<string, unknown>; lang: string; notified: boolean }[]; total: number; columns: { key: string; title: string }[] };

describe('the site member list', () => {
  it('lists members newest first with their profile, no password, and the profile columns titled as the owner wrote them', async () => {
    const { status, body } = await json<MemberList>(`/api/site-member/${siteId}`);
    expect(status).toBe(200);
    expect(body.members.map((member) => member.email)).toEqual(['jiro@example.com', 'taro@example.com', 'hanako@example.com']);
    expect(body.total).toBe(3);
    expect(body.members[2]!.profile).toEqual({ nickname: 'はなちゃん' });
    expect(body.members[1]!.lang).toBe('en');
    expect(body.columns).toEqual([{ key: 'nickname', title: 'ニックネーム' }]);
    expect(JSON.stringify(body)).not.toMatch(/password|\$argon|\$scrypt/i);
  });

  it('searches the email and the profile values, Japanese included', async () => {
    const byEmail = await json<MemberList>(`/api/site-member/${siteId}?q=TARO@`);
    expect(byEmail.body.members.map((member) => member.id)).toEqual([ids.taro]);
    const byProfile = await json<MemberList>(`/api/site-member/${siteId}?q=${encodeURIComponent('はな')}`);
    expect(byProfile.body.members.map((member) => member.id)).toEqual([ids.hanako]);
    // The JSON's keys are not searched: every profile has "nickname" as a key, only values count.
    expect((await json<MemberList>(`/api/site-member/${siteId}?q=nickname`)).body.total).toBe(0);
  });

  it('keeps members registered inside the date bounds, both days included', async () => {
    const days = await json<MemberList>(`/api/site-member/${siteId}?from=2026-03-05&to=2026-03-09`);
    expect(days.body.members.map((member) => member.id)).toEqual([ids.jiro, ids.taro]);
    const instants = await json<MemberList>(`/api/site-member/${siteId}?from=${encodeURIComponent('2026-03-01T19:00:00+09:00')}&to=${encodeURIComponent('2026-03-05T18:59:59+09:00')}`);
    expect(instants.body.members.map((member) => member.id)).toEqual([ids.hanako]);
  });

  it('pages with the total of the whole filter', async () => {
    const second = await json<MemberList>(`/api/site-member/${siteId}?page=2&pageSize=2`);
    expect(second.body).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(second.body.members.map((member) => member.id)).toEqual([ids.hanako]);
    expect((await ctx.request(`/api/site-member/${siteId}?pageSize=101`)).status).toBe(400);
  });

  it('refuses an end before the start with the invalid date range message', async () => {
    const { status, body } = await json<{ key: string; issues: { path: string[]; key: string }[] }>(`/api/site-member/${siteId}?from=2026-03-09&to=2026-03-01`, {
      headers: { 'accept-language': 'ja' },
    });
    expect(status).toBe(400);
    expect(body.issues).toContainEqual(expect.objectContaining({ path: ['to'], key: 'invalidDateRange' }));
  });

  it('opens one member, and not a member of another site', async () => {
    const { status, body } = await json<{ member: { id: string; profile: unknown }; columns: unknown[] }>(`/api/site-member/${siteId}/member/${ids.hanako}`);
    expect(status).toBe(200);
    expect(body.member).toMatchObject({ id: ids.hanako, email: 'hanako@example.com', profile: { nickname: 'はなちゃん' } });
    const otherSite = await publishedSiteWithForms(ctx);
    const missing = await json<{ key: string }>(`/api/site-member/${otherSite}/member/${ids.hanako}`);
    expect(missing).toMatchObject({ status: 404, body: { key: 'memberNotFound' } });
  });
});

describe('the contact and custom-form entry lists', () => {
  it('lists each form’s own entries with the form’s columns', async () => {
    const contacts = await json<EntryList>(`/api/site-contact/${siteId}`);
    expect(contacts.body.entries.map((entry) => entry.id)).toEqual([ids.contact2, ids.contact1]);
    expect(contacts.body.columns.map((column) => column.title)).toEqual(['メール', 'お名前', '興味', 'ご用件']);
    expect(contacts.body.entries[1]!.data).toEqual({ email: 'guest@example.com', name: '佐藤 花子', interests: ['A', 'B'], message: '見積もりをお願いします' });
    const forms = await json<EntryList>(`/api/site-form/${siteId}`);
    expect(forms.body.entries.map((entry) => entry.id)).toEqual([ids.form1]);
    expect(forms.body.entries[0]!.data).toEqual({ email: 'buyer@example.com', companyName: '株式会社テスト', people: 3 });
    expect(forms.body.entries[0]!.notified).toBe(true);
  });

  it('searches every value sent, taking % and _ literally', async () => {
    expect((await json<EntryList>(`/api/site-contact/${siteId}?q=${encodeURIComponent('見積もり')}`)).body.entries.map((entry) => entry.id)).toEqual([ids.contact1]);
    expect((await json<EntryList>(`/api/site-contact/${siteId}?q=${encodeURIComponent('0% sure_')}`)).body.entries.map((entry) => entry.id)).toEqual([ids.contact2]);
    expect((await json<EntryList>(`/api/site-contact/${siteId}?q=${encodeURIComponent('%')}`)).body.total).toBe(1);
    expect((await json<EntryList>(`/api/site-form/${siteId}?q=${encodeURIComponent('見積もり')}`)).body.total).toBe(0);
  });

  it('filters entries by date', async () => {
    expect((await json<EntryList>(`/api/site-contact/${siteId}?to=2026-04-01`)).body.entries.map((entry) => entry.id)).toEqual([ids.contact1]);
    expect((await json<EntryList>(`/api/site-contact/${siteId}?from=2026-04-02`)).body.entries.map((entry) => entry.id)).toEqual([ids.contact2]);
  });

  it('opens one entry of its own form only', async () => {
    const entry = await json<{ entry: { id: string; lang: string } }>(`/api/site-contact/${siteId}/entry/${ids.contact2}`);
    expect(entry).toMatchObject({ status: 200, body: { entry: { id: ids.contact2, lang: 'en' } } });
    expect(await json(`/api/site-form/${siteId}/entry/${ids.contact2}`)).toMatchObject({ status: 404, body: { key: 'entryNotFound' } });
    expect((await ctx.request(`/api/site-form/${siteId}/entry/${ids.form1}`)).status).toBe(200);
  });
});

describe('who may read a site’s collected data', () => {
  it('answers another branch’s owner 404 without a word of the data, and the owner’s viewer sub-admin 200', async () => {
    const owner = await addAccount(ctx.db, { type: 'USER', planId: 'standard' });
    const stranger = await addAccount(ctx.db, { type: 'USER', planId: 'standard' });
    const ownSite = await createSite(ctx.db, owner.id, createSiteInputSchema.parse({ name: 'Own', numberHorizontal: 1, numberVertical: 1 }));
    const viewer = await addAccount(ctx.db, { type: 'SUB_ADMIN', parentId: owner.id, role: 'viewer', authority: 'view' });
    const strangerCookie = await ctx.loginAs(stranger.email, stranger.password);
    const viewerCookie = await ctx.loginAs(viewer.email, viewer.password);
    for (const path of [`/api/site-member/${ownSite}`, `/api/site-contact/${ownSite}/export-csv`, `/api/site-form/${ownSite}`]) {
      const refused = await ctx.request(path, { headers: { cookie: strangerCookie } });
      expect(refused.status).toBe(404);
      expect(((await refused.json()) as { key: string }).key).toBe('siteNotFound');
      expect((await ctx.request(path, { headers: { cookie: viewerCookie } })).status).toBe(200);
    }
    expect((await ctx.request(`/api/site-member/${siteId}`, { headers: { cookie: '' } })).status).toBe(401);
  });
});
