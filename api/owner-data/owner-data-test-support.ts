import { eq } from 'drizzle-orm';
import { endUsers, formEntries } from '../db/schema-visitor.ts';
import type { TestContext } from '../test-support.ts';
import { lastLinkTo, MEMBER_PASSWORD } from '../visitor/visitor-test-support.ts';

const field = (typeForm: string, fields: Record<string, unknown>) => ({ typeInput: 'TEXT_BOX', isRequired: false, typeForm, ...fields });

/** The forms of the site the owner-data tests collect through: Japanese titles, a checkbox field, a number. */
export const FORMS = {
  CONTACT_SETTING: [
    field('CONTACT_SETTING', { title: 'メール', value: 'email', isRequired: true, orderNum: 1 }),
    field('CONTACT_SETTING', { title: 'お名前', value: 'name', isRequired: true, orderNum: 2 }),
    field('CONTACT_SETTING', { title: '興味', value: 'interests', typeInput: 'SELECT_OPTIONS', options: [{ value: 'A' }, { value: 'B' }], orderNum: 3 }),
    field('CONTACT_SETTING', { title: 'ご用件', value: 'message', orderNum: 4 }),
  ],
  HOMEPAGE_SETTING: [
    field('HOMEPAGE_SETTING', { title: 'メール', value: 'email', isRequired: true, orderNum: 1 }),
    field('HOMEPAGE_SETTING', { title: '会社名', value: 'companyName', isRequired: true, orderNum: 2 }),
    field('HOMEPAGE_SETTING', { title: '人数', value: 'people', typeInput: 'NUMBER', orderNum: 3 }),
  ],
  MEMBERSHIP_SETTING: [
    field('MEMBERSHIP_SETTING', { title: 'メール', value: 'email', isRequired: true, orderNum: 1 }),
    field('MEMBERSHIP_SETTING', { title: 'パスワード', value: 'password', isRequired: true, orderNum: 2 }),
    field('MEMBERSHIP_SETTING', { title: 'パスワード（確認）', value: 'confirmPassword', isRequired: true, orderNum: 3 }),
    field('MEMBERSHIP_SETTING', { title: 'ニックネーム', value: 'nickname', orderNum: 4 }),
  ],
};

/** A published 1 × 1 site in jp and en with FORMS saved, made by the operator. */
export async function publishedSiteWithForms(ctx: TestContext): Promise<string> {
  const site = await ctx.createSite({ numberHorizontal: 1, numberVertical: 1, defaultLanguage: 'jp', languages: ['jp', 'en'] });
  const saved = await ctx.request(`/api/site/${site.id}?lang=jp`, { method: 'PUT', json: { forms: FORMS } });
  if (saved.status !== 200) throw new Error(`settings answered ${saved.status}: ${await saved.text()}`);
  await ctx.publish(site.id);
  return site.id;
}

let address = 0;
/** Each visitor call from its own address, so the per-client rate limits never decide a test. */
const nextIp = () => `198.51.100.${(address++ % 250) + 1}`;

/** A member registered through the visitor API and completed through the emailed link. */
export async function registerMember(ctx: TestContext, siteId: string, email: string, profile: Record<string, string>, lang = 'jp'): Promise<string> {
  const ip = nextIp();
  const registered = await ctx.visit(`/api/end-user/site/${siteId}/register`, {
    method: 'POST',
    ip,
    site: siteId,
    json: { data: { email, password: MEMBER_PASSWORD, confirmPassword: MEMBER_PASSWORD, ...profile }, lang },
  });
  if (registered.status !== 201) throw new Error(`register answered ${registered.status}: ${await registered.text()}`);
  const link = new URL(await lastLinkTo(ctx, email));
  // The link, as followed: on the host it names (the site's own origin).
  const verified = await ctx.visit(link.pathname + link.search, { ip, headers: { host: link.host } });
  if (verified.status !== 302) throw new Error(`verify answered ${verified.status}`);
  const member = await ctx.db.select({ id: endUsers.id }).from(endUsers).where(eq(endUsers.email, email)).get();
  if (!member) throw new Error(`${email} is no member after the link`);
  return member.id;
}

/** A contact (`/api/contact`) or custom-form (`/api/homepage`) entry sent as a visitor; its id. */
export async function sendEntry(ctx: TestContext, siteId: string, form: 'contact' | 'homepage', data: Record<string, unknown>, lang = 'jp'): Promise<string> {
  const before = new Set((await ctx.db.select({ id: formEntries.id }).from(formEntries).all()).map((row) => row.id));
  const response = await ctx.visit(`/api/${form}`, { method: 'POST', ip: nextIp(), site: siteId, json: { siteId, data, lang } });
  if (response.status !== 201) throw new Error(`${form} answered ${response.status}: ${await response.text()}`);
  const added = (await ctx.db.select({ id: formEntries.id }).from(formEntries).all()).find((row) => !before.has(row.id));
  if (!added) throw new Error(`${form} stored nothing`);
  return added.id;
}

/** Moves a row's creation time, so the date filter has days to tell apart. */
export async function dateRow(ctx: TestContext, table: 'members' | 'entries', id: string, iso: string): Promise<void> {
  if (table === 'members')
    await ctx.db
      .update(endUsers)
      .set({ createdAt: new Date(iso) })
      .where(eq(endUsers.id, id))
      .run();
  else
    await ctx.db
      .update(formEntries)
      .set({ createdAt: new Date(iso) })
      .where(eq(formEntries.id, id))
      .run();
}
