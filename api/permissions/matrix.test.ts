import { sqlGet } from '../db/test-sql.ts';
import { randomUUID } from 'node:crypto';
import { eq, getTableName } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import { mkdtemp, readdir, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../identity/password.ts';
import { createSession, SESSION_COOKIE } from '../identity/sessions.ts';
import { issuePasswordToken } from '../identity/password-tokens.ts';
import { createSite } from '../sites/create-site.ts';
import { loadSiteDraft } from '../sites/load-site-draft.ts';
import { storeUploadedBytes } from '../sites/store-upload.ts';
import { createSiteInputSchema } from '../../model/site-input.ts';
import { surveyInputSchema } from '../../model/survey.ts';
import { accounts, sites } from '../db/schema.ts';
import { endUsers, formEntries } from '../db/schema-visitor.ts';
import { addAccount, audioBytes, createTestContext, fileForm, pngBytes, type TestContext } from '../test-support.ts';
import { saveSurvey } from '../sites/save-survey.ts';
import { saveNotification } from '../sites/site-notifications.ts';
import { notificationInputSchema } from '../../model/notification-delivery.ts';
import { imageZip } from '../sites/zip-fixtures.ts';
import { ROUTE_TABLE } from './route-table.ts';
import { createPlan } from '../billing/save-plan.ts';
import { requestPlanChange } from '../billing/request-plan-change.ts';
import { planChanges } from '../db/schema-billing.ts';
import { planInputSchema, SEEDED_PLANS } from '../../model/plan.ts';
import { storeAccountImage } from '../branding/account-images.ts';
import { siteDomains } from '../db/schema-access.ts';
import { apiKeyInputSchema } from '../../model/api-key.ts';
import { issueApiKey } from '../api-keys/issue-api-key.ts';
import { saveShare } from '../preview/shares.ts';
import { saveAnnouncement } from '../announcements/announcements.ts';
import { announcementInputSchema } from '../../model/announcement.ts';
import { createPageVariant } from '../experiments/page-variants.ts';
import { experiments, pageVariants } from '../db/schema-experiments.ts';
import { clearRunningExperiment } from '../../publisher/running-experiment.ts';
import { saveExperiment, startExperiment } from '../experiments/site-experiment.ts';
import { experimentInputSchema } from '../../model/ab/experiment.ts';
import { invoices } from '../db/schema-billing.ts';
import { sqliteTables } from '../db/sqlite-tables.ts';
import { startTestProviderServer, type TestProviderServer } from '../billing/test-provider-server.ts';
import { stripeProvider } from '../billing/stripe-provider.ts';
import { seedInvoice } from '../billing/payments-test-support.ts';
import { listen } from '../server.ts';

/**
 * Walks docs/permissions.md: every route × every account type × own branch / other branch,
 * each a real request against the app, compared with the table's status.
 */

const DOC = new URL('../../docs/permissions.md', import.meta.url);
const PASSWORD = 'Matrix#Pass1';
const ACTORS = ['MASTER', 'MASTER_USER', 'OEM_MASTER', 'OEM_ADMIN', 'USER', 'SUB_ADMIN main contact', 'SUB_ADMIN editor', 'SUB_ADMIN viewer', 'anonymous'] as const;
type ActorName = (typeof ACTORS)[number];
type Side = 'own' | 'other';
type Cell = Record<Side, string>;

/** The matrix table of the document: route key → actor → expected statuses. */
function readMatrix(): Map<string, Map<string, Cell>> {
  const lines = readFileSync(DOC, 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('| '));
  const header = lines[0]!
    .split('|')
    .slice(2, -1)
    .map((cell) => cell.trim());
  const matrix = new Map<string, Map<string, Cell>>();
  for (const line of lines.slice(2)) {
    const cells = line
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim());
    const key = cells[0]!.replace(/`/g, '');
    matrix.set(
      key,
      new Map(
        header.map((actor, index) => {
          const [own = '', other = ''] = cells[index + 1]!.split('/').map((part) => part.trim());
          return [actor, { own, other }];
        }),
      ),
    );
  }
  return matrix;
}

type World = {
  ids: Record<'master' | 'masterUser' | 'oemA' | 'oemAdminA' | 'userA' | 'oemB' | 'oemAdminB' | 'userB' | 'loginTarget' | 'resetTarget', string>;
  actors: Record<Exclude<ActorName, 'anonymous'>, { id: string; tenantId: string }>;
  emails: Record<string, string>;
};

let ctx: TestContext;
let world: World;
let passwordHash: string;
const billId = randomUUID();
const shared = new Map<string, Promise<{ siteId: string; pageId: string; mediaId: string; publishId: string; surveyId: string }>>();
const publishes: string[] = [];

async function account(type: Parameters<typeof addAccount>[1]['type'], parentId: string | null, extra: Partial<Parameters<typeof addAccount>[1]> = {}) {
  return await addAccount(ctx.db, { type, parentId, passwordHash, password: PASSWORD, ...extra });
}

let provider: TestProviderServer;

beforeAll(async () => {
  provider = await startTestProviderServer();
  ctx = await createTestContext({ paymentProvider: stripeProvider({ secretKey: provider.secretKey, webhookSecret: provider.webhookSecret, apiBase: provider.apiBase }) });
  passwordHash = await hashPassword(PASSWORD);
  const master = (await ctx.db.select().from(accounts).get())!.id;
  // Every caller shares one password, so change-password has one body for all.
  await ctx.db.update(accounts).set({ passwordHash }).where(eq(accounts.id, master)).run();
  const masterUser = (await account('MASTER_USER', master)).id;
  const oemA = (await account('OEM_MASTER', master, { planId: 'oem-multilingual' })).id;
  const oemAdminA = (await account('OEM_ADMIN', oemA)).id;
  const userA = (await account('USER', oemAdminA, { planId: 'oem-multilingual' })).id;
  const oemB = (await account('OEM_MASTER', master, { planId: 'oem-multilingual' })).id;
  const oemAdminB = (await account('OEM_ADMIN', oemB)).id;
  const userB = (await account('USER', oemAdminB, { planId: 'oem-multilingual' })).id;
  const loginTarget = await account('USER', oemAdminA, { planId: 'trial' });
  const resetTarget = (await account('USER', oemAdminA, { planId: 'trial' })).id;
  const sub = async (role: 'main_contact' | 'editor' | 'viewer') => (await account('SUB_ADMIN', userA, { role, authority: role === 'viewer' ? 'view' : 'edit' })).id;
  world = {
    ids: { master, masterUser, oemA, oemAdminA, userA, oemB, oemAdminB, userB, loginTarget: loginTarget.id, resetTarget },
    actors: {
      MASTER: { id: master, tenantId: master },
      MASTER_USER: { id: masterUser, tenantId: masterUser },
      OEM_MASTER: { id: oemA, tenantId: oemA },
      OEM_ADMIN: { id: oemAdminA, tenantId: oemAdminA },
      USER: { id: userA, tenantId: userA },
      'SUB_ADMIN main contact': { id: await sub('main_contact'), tenantId: userA },
      'SUB_ADMIN editor': { id: await sub('editor'), tenantId: userA },
      'SUB_ADMIN viewer': { id: await sub('viewer'), tenantId: userA },
    },
    emails: { loginTarget: loginTarget.email },
  };
  // userA's invoice: in the branch of every actor but the other side's.
  await ctx.db
    .insert(invoices)
    .values({
      id: billId,
      issuerId: oemA,
      accountId: userA,
      period: '2026-10',
      number: '000001',
      status: 'issued',
      paymentStatus: 'unpaid',
      billingMethod: 'bank_transfer',
      subtotal: 1_000,
      tax: 100,
      total: 1_100,
      taxByRate: [{ rate: 10, base: 1_000, tax: 100 }],
      issuerSnapshot: { companyName: 'OEM A', address: 'Tokyo', registrationNumber: 'T1234567890123' },
      recipientSnapshot: { companyName: 'User A', contactPerson: 'A', email: 'a@example.com' },
      issuedAt: new Date(),
    })
    .run();
});

afterAll(async () => {
  await Promise.all(publishes.map((id) => ctx.jobs.finished(id)));
  await provider.close();
  await ctx.cleanup();
});

async function freshSite(ownerId: string): Promise<string> {
  return await createSite(ctx.db, ownerId, createSiteInputSchema.parse({ name: 'Matrix site', numberHorizontal: 1, numberVertical: 1 }));
}

const EXPERIMENT = {
  name: 'Matrix test',
  arms: [
    { arm: 'control', weight: 0.5 },
    { arm: 'B', weight: 0.5 },
  ],
};

const experimentSites = new Map<string, string>();

/** The owner's A/B site reset to what a cell needs (its first page with variant B, the experiment set or running): a change let in leaves nothing for the next cell. */
async function experimentSite(ownerId: string, state: 'variant' | 'draft' | 'running'): Promise<{ siteId: string; pageId: string }> {
  const siteId = experimentSites.get(ownerId) ?? (await freshSite(ownerId));
  experimentSites.set(ownerId, siteId);
  await ctx.db.delete(pageVariants).where(eq(pageVariants.siteId, siteId)).run();
  await ctx.db.delete(experiments).where(eq(experiments.siteId, siteId)).run();
  await clearRunningExperiment(ctx.storage, siteId);
  const site = (await ctx.db.select().from(sites).where(eq(sites.id, siteId)).get())!;
  const pageId = (await loadSiteDraft(ctx.db, siteId)).creatives[0]!.pages[0]!.id;
  await createPageVariant(ctx.db, site, pageId, { key: 'B', from: 'control' }, 'jp');
  if (state !== 'variant') await saveExperiment(ctx.db, siteId, experimentInputSchema.parse(EXPERIMENT));
  if (state === 'running') await startExperiment(ctx.db, ctx.storage, siteId, new Date());
  return { siteId, pageId };
}

/** One site per owner with a page, a medium and a finished publish, for the calls that change nothing lasting. */
function sharedSite(ownerId: string) {
  let site = shared.get(ownerId);
  if (!site) {
    site = (async () => {
      const siteId = await freshSite(ownerId);
      const pageId = (await loadSiteDraft(ctx.db, siteId)).creatives[0]!.pages[0]!.id;
      const media = await storeUploadedBytes(ctx.db, ctx.storage, { id: siteId, ownerId }, { name: 'a.png', bytes: await pngBytes(4, 4, '#123456') });
      const publishId = await ctx.jobs.start(siteId);
      await ctx.jobs.finished(publishId);
      const surveyId = (await saveSurvey(ctx.db, siteId, surveyInputSchema.parse(SURVEY))).id;
      return { siteId, pageId, mediaId: media.id, publishId, surveyId };
    })();
    shared.set(ownerId, site);
  }
  return site;
}

/** The owner's shared site with a bulk upload read to its end (by the platform's master), for the calls that follow one. */
async function finishedUpload(ownerId: string): Promise<{ siteId: string; uploadId: string }> {
  const { siteId } = await sharedSite(ownerId);
  const headers = { cookie: `${SESSION_COOKIE}=${(await createSession(ctx.db, world.actors.MASTER.id)).token}` };
  const started = await ctx.request(`/api/site/${siteId}/bulk-upload/start`, { method: 'POST', body: fileForm(await imageZip(1, 4), 'one.zip'), headers });
  const { uploadId, events } = (await started.json()) as { uploadId: string; events: string };
  await (await ctx.request(events, { headers })).text();
  return { siteId, uploadId };
}

const cards = new Map<string, Promise<void>>();

/**
 * A card saved for the owner through the provider's hosted page, its webhook delivered to the
 * app listening for that moment only: later charges' webhooks are kept, not sent, so none lands
 * in another cell's footprint.
 */
function cardOnFile(ownerId: string): Promise<void> {
  let saved = cards.get(ownerId);
  if (!saved) {
    saved = (async () => {
      const { server, port } = await listen(ctx.admin, 0, '127.0.0.1');
      provider.setWebhookUrl(`http://127.0.0.1:${port}/api/payment/webhook`);
      const headers = { cookie: `${SESSION_COOKIE}=${(await createSession(ctx.db, world.actors.MASTER.id)).token}` };
      const { url } = (await (await ctx.request(`/api/user/${ownerId}/card/setup`, { method: 'POST', headers })).json()) as { url: string };
      await fetch(url, { method: 'POST', body: new URLSearchParams({ cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' }), redirect: 'manual' });
      await provider.settled();
      provider.setWebhookUrl(null);
      await new Promise((resolve) => server.close(resolve));
    })();
    cards.set(ownerId, saved);
  }
  return saved;
}

/** A month no other cell's invoice of the same account has (one invoice per account and month). */
let invoiceMonths = 1200;
const freshMonth = () => `${Math.floor(invoiceMonths / 12)}-${String((invoiceMonths++ % 12) + 1).padStart(2, '0')}`;

const SURVEY = { title: 'Matrix survey', questions: [{ id: 'q1', title: 'Tea or coffee?', type: 'SINGLE', orderNum: 1, options: [{ id: 'tea', value: 'Tea', points: 1 }] }] };
const NOTIFICATION = { title: 'Matrix notice', content: 'Hello', publicationMode: 'INSTANT', status: 'PUBLISHED' };
const ANNOUNCEMENT = { ...NOTIFICATION, receivers: ['OEM_ADMIN', 'DIRECT_USER'] };
const unique = () => `matrix-${randomUUID().slice(0, 8)}@example.com`;
const json = (method: string, body: unknown): RequestInit => ({ method, body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
const PLAN_INPUT = planInputSchema.parse(SEEDED_PLANS.find((plan) => plan.id === 'standard'));

const csvForm = () => fileForm(new TextEncoder().encode(`companyName,email,accountType,planId\nImported,${unique()},USER,trial\n`), 'users.csv', 'text/csv');

/** The request of one cell: the path under /api and its init. */
async function requestFor(key: string, actor: ActorName, side: Side): Promise<{ path: string; init?: RequestInit }> {
  const owner = side === 'own' ? world.ids.userA : world.ids.userB;
  const tenant = actor === 'anonymous' ? world.ids.userA : world.actors[actor].tenantId;
  const userPrefix = /^(?:GET|POST) \/(master|oem-master|oem-admin)\/user(.*)$/.exec(key);
  if (userPrefix) {
    const [, prefix, rest] = userPrefix;
    if (rest === '')
      return {
        path: `/${prefix}/user`,
        init: json('POST', { companyName: 'New', email: unique(), accountType: 'USER', planId: 'trial', ...(side === 'other' ? { parentId: world.ids.oemAdminB } : {}) }),
      };
    if (rest === '/import') return { path: `/${prefix}/user/import`, init: { method: 'POST', body: csvForm() } };
    if (rest === '/:id') return { path: `/${prefix}/user/${owner}` };
    if (rest === '/:id/user-history') return { path: `/${prefix}/user/${owner}/user-history` };
  }
  switch (key) {
    case 'GET /meta':
      return { path: '/meta' };
    case 'GET /health':
      return { path: '/health' };
    case 'GET /openapi.json':
      return { path: '/openapi.json' };
    case 'GET /reference':
      return { path: '/reference' };
    case 'GET /reference/viewer.js':
      return { path: '/reference/viewer.js' };
    case 'POST /auth/login':
      return { path: '/auth/login', init: json('POST', { email: world.emails.loginTarget, password: PASSWORD }) };
    case 'POST /auth/logout':
      return { path: '/auth/logout', init: { method: 'POST' } };
    case 'POST /auth/forgot-password':
      return { path: '/auth/forgot-password', init: json('POST', { email: world.emails.loginTarget }) };
    case 'POST /auth/verify-token':
      return { path: '/auth/verify-token', init: json('POST', { token: await issuePasswordToken(ctx.db, world.ids.resetTarget, 'reset') }) };
    case 'POST /auth/reset-password':
      return { path: '/auth/reset-password', init: json('POST', { token: await issuePasswordToken(ctx.db, world.ids.resetTarget, 'reset'), password: PASSWORD, confirmPassword: PASSWORD }) };
    case 'GET /auth/route-prefixes':
      return { path: '/auth/route-prefixes' };
    case 'POST /auth/refresh-token':
      return { path: '/auth/refresh-token', init: { method: 'POST' } };
    case 'GET /auth/user-info':
      return { path: '/auth/user-info' };
    case 'POST /auth/change-password':
      return { path: '/auth/change-password', init: json('POST', { currentPassword: PASSWORD, password: PASSWORD, confirmPassword: PASSWORD }) };
    case 'GET /plan':
      return { path: '/plan' };
    case 'GET /user':
      return { path: '/user?q=company&page=1&limit=5' };
    case 'GET /user/:id':
      return { path: `/user/${owner}` };
    case 'PUT /user/:id':
      return { path: `/user/${owner}`, init: json('PUT', { contactPerson: 'Changed' }) };
    case 'PUT /master/user/:id/contract': {
      const target = await account('USER', side === 'own' ? world.ids.oemAdminA : world.ids.oemAdminB, { planId: 'trial' });
      return { path: `/master/user/${target.id}/contract`, init: json('PUT', { state: 'suspended' }) };
    }
    case 'GET /sub-admin':
      return { path: '/sub-admin' };
    case 'POST /sub-admin':
      return { path: '/sub-admin', init: json('POST', { name: 'New admin', email: unique(), role: 'editor' }) };
    case 'PUT /sub-admin/:id':
    case 'DELETE /sub-admin/:id': {
      const member = await account('SUB_ADMIN', side === 'own' ? tenant : world.ids.userB, { role: 'editor' });
      return { path: `/sub-admin/${member.id}`, init: key.startsWith('PUT') ? json('PUT', { role: 'viewer' }) : { method: 'DELETE' } };
    }
    case 'GET /master/plan/all':
    case 'GET /master/plan':
    case 'GET /oem-master/plan':
    case 'GET /user-plan':
      return { path: key.slice('GET '.length) };
    case 'POST /master/plan':
    case 'POST /oem-master/plan':
      return { path: key.slice('POST '.length), init: json('POST', { ...PLAN_INPUT, name: 'Matrix plan' }) };
    case 'PUT /master/plan/:planId':
    case 'POST /master/plan/:planId/archive':
    case 'PUT /oem-master/plan/:planId':
    case 'POST /oem-master/plan/:planId/archive': {
      // An OEM master edits its own plans; the platform's caller, the platform's.
      const plan = await createPlan(ctx.db, key.includes('/oem-master/') ? tenant : null, { ...PLAN_INPUT, name: 'Matrix edit' }, new Date());
      const path = key.replace(/^\S+ /, '').replace(':planId', plan.id);
      return { path, init: key.startsWith('PUT') ? json('PUT', { ...PLAN_INPUT, price: 1234 }) : { method: 'POST' } };
    }
    case 'POST /user-plan/change':
    case 'DELETE /user-plan/change': {
      // One pending request per account: the cell starts from none (POST) or one (DELETE).
      await ctx.db.delete(planChanges).where(eq(planChanges.accountId, tenant)).run();
      const seller = tenant === world.ids.userA ? world.ids.oemA : null;
      const target = await createPlan(ctx.db, seller, { ...PLAN_INPUT, name: 'Matrix target' }, new Date());
      if (key.startsWith('DELETE')) {
        if (tenant === world.ids.userA || tenant === world.ids.oemA) await requestPlanChange(ctx.db, tenant, tenant, { planId: target.id, agreeTerms: true, agreePrivacy: true }, Date.now());
        return { path: '/user-plan/change', init: { method: 'DELETE' } };
      }
      return { path: '/user-plan/change', init: json('POST', { planId: target.id, agreeTerms: true, agreePrivacy: true }) };
    }
    case 'GET /site':
      return { path: '/site' };
    case 'POST /site':
      return { path: '/site', init: json('POST', { name: 'Matrix new', numberHorizontal: 1, numberVertical: 1 }) };
    case 'GET /site/:id':
      return { path: `/site/${(await sharedSite(owner)).siteId}` };
    case 'PUT /site/:id':
      return { path: `/site/${(await sharedSite(owner)).siteId}`, init: json('PUT', { name: 'Renamed' }) };
    case 'DELETE /site/:id':
      return { path: `/site/${await freshSite(owner)}`, init: { method: 'DELETE' } };
    case 'PUT /site/:id/grid':
      return { path: `/site/${await freshSite(owner)}/grid`, init: json('PUT', { numberHorizontal: 1, numberVertical: 2 }) };
    case 'PUT /site/:id/page/:pageId': {
      const site = await sharedSite(owner);
      return { path: `/site/${site.siteId}/page/${site.pageId}`, init: json('PUT', { detail: { mainText: 'matrix' } }) };
    }
    case 'PUT /site/:id/categories': {
      const siteId = await sharedSite(owner).then((site) => site.siteId);
      const categories = (await loadSiteDraft(ctx.db, siteId)).creatives.map((creative, index) => ({ id: creative.id, name: `Menu ${index + 1}` }));
      return { path: `/site/${siteId}/categories`, init: json('PUT', { categories }) };
    }
    case 'POST /preview/site/:id':
      return { path: `/preview/site/${(await sharedSite(owner)).siteId}`, init: { method: 'POST' } };
    case 'POST /preview/site/:id/share':
      return { path: `/preview/site/${(await sharedSite(owner)).siteId}/share`, init: json('POST', { viewOnly: true }) };
    case 'GET /preview/site/:id/share':
    case 'GET /preview/site/:id/share/status':
      return { path: key.slice('GET '.length).replace(':id', (await sharedSite(owner)).siteId) };
    case 'PUT /preview/site/:id/share/revoke':
      return { path: `/preview/site/${(await sharedSite(owner)).siteId}/share/revoke`, init: json('PUT', {}) };
    case 'POST /preview/site/:id/share/set-password': {
      const { siteId } = await sharedSite(owner);
      await saveShare(ctx.db, siteId, { isPrivate: false, viewOnly: true, emails: [] });
      return { path: `/preview/site/${siteId}/share/set-password`, init: json('POST', { enabled: false }) };
    }
    case 'GET /news':
    case 'GET /system_noti':
    case 'GET /inbox/news':
    case 'GET /inbox/system_noti':
      return { path: key.slice('GET '.length) };
    case 'POST /news':
    case 'POST /system_noti':
      return { path: key.slice('POST '.length), init: json('POST', ANNOUNCEMENT) };
    case 'GET /news/:newsId':
    case 'PUT /news/:newsId':
    case 'DELETE /news/:newsId':
    case 'GET /system_noti/:notiId':
    case 'PUT /system_noti/:notiId':
    case 'DELETE /system_noti/:notiId': {
      // A fresh one per cell: a delete that was let in leaves none for the next.
      const kind = key.includes('/news') ? 'news' : 'system';
      const { id } = await saveAnnouncement(ctx.db, kind, announcementInputSchema.parse(ANNOUNCEMENT), { now: new Date(), by: world.ids.master });
      const method = key.split(' ')[0]!;
      return { path: `/${kind === 'news' ? 'news' : 'system_noti'}/${id}`, init: method === 'PUT' ? json('PUT', ANNOUNCEMENT) : { method } };
    }
    case 'POST /system_noti/mark_as_read': {
      const { id } = await saveAnnouncement(ctx.db, 'system', announcementInputSchema.parse(ANNOUNCEMENT), { now: new Date(), by: world.ids.master });
      return { path: '/system_noti/mark_as_read', init: json('POST', { noti_ids: [id] }) };
    }
    case 'POST /site/:id/bulk-upload/start': {
      return { path: `/site/${(await sharedSite(owner)).siteId}/bulk-upload/start`, init: { method: 'POST', body: fileForm(await imageZip(1, 4), 'one.zip') } };
    }
    case 'GET /site/:id/bulk-upload/:uploadId/events': {
      const { siteId, uploadId } = await finishedUpload(owner);
      return { path: `/site/${siteId}/bulk-upload/${uploadId}/events` };
    }
    case 'POST /site/:id/bulk-upload/complete': {
      const { siteId, uploadId } = await finishedUpload(owner);
      return { path: `/site/${siteId}/bulk-upload/complete`, init: json('POST', { uploadId }) };
    }
    case 'PUT /site/:id/pages/detail': {
      const site = await sharedSite(owner);
      return { path: `/site/${site.siteId}/pages/detail`, init: json('PUT', { pageIds: [site.pageId], patch: { membersOnlyLock: false } }) };
    }
    case 'POST /site/:id/media':
      return { path: `/site/${(await sharedSite(owner)).siteId}/media`, init: { method: 'POST', body: fileForm(await pngBytes(4, 4, '#abcdef'), 'b.png') } };
    case 'POST /site/:id/audio':
      return { path: `/site/${(await sharedSite(owner)).siteId}/audio`, init: { method: 'POST', body: fileForm(await audioBytes('wav'), 'music.wav') } };
    case 'GET /site/:id/media/:mediaId': {
      const site = await sharedSite(owner);
      return { path: `/site/${site.siteId}/media/${site.mediaId}` };
    }
    case 'POST /site/:id/publish':
      return { path: `/site/${await freshSite(owner)}/publish`, init: { method: 'POST' } };
    case 'GET /site/:id/publish/:publishId': {
      const site = await sharedSite(owner);
      return { path: `/site/${site.siteId}/publish/${site.publishId}` };
    }
    case 'GET /site/:id/publish/:publishId/events': {
      const site = await sharedSite(owner);
      return { path: `/site/${site.siteId}/publish/${site.publishId}/events` };
    }
    case 'GET /site/:id/versions':
      return { path: `/site/${(await sharedSite(owner)).siteId}/versions` };
    case 'POST /site/:id/versions/:version/rollback':
      return { path: `/site/${(await sharedSite(owner)).siteId}/versions/1/rollback`, init: { method: 'POST' } };
    case 'POST /site/:id/unpublish': {
      // A site recorded as live: unpublishing it needs no real publish behind it.
      const siteId = await freshSite(owner);
      await ctx.db.update(sites).set({ liveVersion: 1, status: 'published' }).where(eq(sites.id, siteId)).run();
      return { path: `/site/${siteId}/unpublish`, init: { method: 'POST' } };
    }
    case 'GET /site/export':
      return { path: '/site/export?lang=en' };
    case 'GET /site/list/:id':
      return { path: `/site/list/${owner}` };
    case 'GET /site/:id/export.zip':
      return { path: `/site/${(await sharedSite(owner)).siteId}/export.zip` };
    case 'GET /site/:id/survey':
      return { path: `/site/${(await sharedSite(owner)).siteId}/survey` };
    case 'POST /site/:id/survey':
      return { path: `/site/${(await sharedSite(owner)).siteId}/survey`, init: json('POST', SURVEY) };
    case 'GET /site/:id/survey/:surveyId':
    case 'GET /site/:id/page/:pageId/variants': {
      const site = await sharedSite(owner);
      return { path: `/site/${site.siteId}/page/${site.pageId}/variants` };
    }
    case 'POST /site/:id/page/:pageId/variants': {
      const site = await experimentSite(owner, 'variant');
      return { path: `/site/${site.siteId}/page/${site.pageId}/variants`, init: json('POST', { from: 'B' }) };
    }
    case 'PUT /site/:id/page/:pageId/variants/:key':
    case 'DELETE /site/:id/page/:pageId/variants/:key': {
      const site = await experimentSite(owner, 'variant');
      const path = `/site/${site.siteId}/page/${site.pageId}/variants/B`;
      return { path, init: key.startsWith('PUT') ? json('PUT', { detail: { mainText: 'variant' } }) : { method: 'DELETE' } };
    }
    case 'GET /site/:id/experiment':
      return { path: `/site/${(await sharedSite(owner)).siteId}/experiment` };
    case 'PUT /site/:id/experiment':
      return { path: `/site/${(await experimentSite(owner, 'variant')).siteId}/experiment`, init: json('PUT', EXPERIMENT) };
    case 'POST /site/:id/experiment/start':
      return { path: `/site/${(await experimentSite(owner, 'draft')).siteId}/experiment/start`, init: { method: 'POST' } };
    case 'POST /site/:id/experiment/stop':
      return { path: `/site/${(await experimentSite(owner, 'running')).siteId}/experiment/stop`, init: { method: 'POST' } };
    case 'GET /site/:id/experiment/results':
      return { path: `/site/${(await experimentSite(owner, 'draft')).siteId}/experiment/results` };
    case 'GET /site/:id/survey/:surveyId/responses':
    case 'GET /site/:id/survey/:surveyId/summary':
    case 'GET /site/:id/survey/:surveyId/export-csv': {
      const site = await sharedSite(owner);
      return { path: `/site/${site.siteId}/survey/${site.surveyId}${key.slice('GET /site/:id/survey/:surveyId'.length)}` };
    }
    case 'GET /site/:id/campaign/click-counts':
      return { path: `/site/${(await sharedSite(owner)).siteId}/campaign/click-counts` };
    case 'GET /site/:id/notification-delivery':
      return { path: `/site/${(await sharedSite(owner)).siteId}/notification-delivery` };
    case 'POST /site/:id/notification-delivery':
      return { path: `/site/${(await sharedSite(owner)).siteId}/notification-delivery`, init: json('POST', NOTIFICATION) };
    case 'GET /site/:id/notification-delivery/:notificationId':
    case 'PUT /site/:id/notification-delivery/:notificationId':
    case 'DELETE /site/:id/notification-delivery/:notificationId': {
      const { siteId } = await sharedSite(owner);
      // A fresh one per cell: a delete that was let in leaves none for the next.
      const { id } = await saveNotification(ctx.db, siteId, notificationInputSchema.parse(NOTIFICATION), new Date());
      const method = key.split(' ')[0]!;
      return { path: `/site/${siteId}/notification-delivery/${id}`, init: method === 'PUT' ? json('PUT', NOTIFICATION) : { method } };
    }
    case 'GET /site/:id/domain':
      return { path: `/site/${(await sharedSite(owner)).siteId}/domain` };
    case 'POST /site/:id/domain/check':
    case 'DELETE /site/:id/domain': {
      // A connected domain, put back before each cell (a removal let in takes it): "check now" answers it without asking any DNS server.
      const { siteId } = await sharedSite(owner);
      await ctx.db
        .insert(siteDomains)
        .values({ siteId, domain: `m${siteId.replace(/-/g, '').slice(0, 12)}.matrix.test`, token: 'matrix', state: 'connected' })
        .onConflictDoNothing()
        .run();
      return { path: `/site/${siteId}/domain${key.endsWith('/check') ? '/check' : ''}`, init: { method: key.split(' ')[0]! } };
    }
    case 'GET /api-key':
      return { path: '/api-key' };
    case 'POST /api-key':
      return { path: '/api-key', init: json('POST', { name: 'Matrix key', scope: 'read' }) };
    case 'POST /api-key/:keyId/revoke': {
      const holder = actor === 'anonymous' ? world.ids.userA : world.actors[actor].id;
      const { apiKey } = await issueApiKey(ctx.db, holder, apiKeyInputSchema.parse({ name: 'Matrix key', scope: 'read' }));
      return { path: `/api-key/${apiKey.id}/revoke`, init: { method: 'POST' } };
    }
    case 'GET /invoice-issuer':
      return { path: '/invoice-issuer' };
    case 'PUT /invoice-issuer':
      return { path: '/invoice-issuer', init: json('PUT', { companyName: '株式会社マトリクス', address: '東京都', registrationNumber: 'T1234567890123' }) };
    case 'GET /billing-run':
      return { path: '/billing-run?month=2026-10' };
    case 'GET /bill/:id':
      return { path: `/bill/${billId}` };
    case 'GET /bill/:id/export-pdf':
      return { path: `/bill/${billId}/export-pdf?lang=en` };
    case 'GET /oem-master/branding':
    case 'GET /branding/login':
      return { path: key.slice('GET '.length) };
    case 'PUT /oem-master/branding':
      return { path: '/oem-master/branding', init: json('PUT', { mainColor: '#123456', textColor: '#FFFFFF' }) };
    case 'POST /oem-master/branding/admin-host/check':
      return { path: key.slice('POST '.length), init: { method: 'POST' } };
    case 'POST /oem-master/branding/logo':
    case 'POST /auth/profile-picture':
      return { path: key.slice('POST '.length), init: { method: 'POST', body: fileForm(await pngBytes(8, 8, '#abcdef'), 'logo.png') } };
    case 'GET /account-image/:name': {
      const url = await storeAccountImage(ctx.storage, await writeTemporary(await pngBytes(8, 8, '#fedcba')), 'picture');
      return { path: url.slice('/api'.length) };
    }
    case 'PUT /site/:id/survey/:surveyId': {
      const site = await sharedSite(owner);
      return { path: `/site/${site.siteId}/survey/${site.surveyId}`, init: json('PUT', SURVEY) };
    }
    case 'GET /site-member/:id':
    case 'GET /site-member/:id/export-csv':
    case 'GET /site-contact/:id':
    case 'GET /site-contact/:id/export-csv':
    case 'GET /site-form/:id':
    case 'GET /site-form/:id/export-csv':
      return { path: key.slice('GET '.length).replace(':id', (await sharedSite(owner)).siteId) };
    case 'GET /analysis/site/:id/lp':
    case 'GET /analysis/site/:id/lp/chart':
    case 'GET /analysis/site/:id/pages':
    case 'GET /analysis/site/:id/campaign':
    case 'GET /analysis/site/:id/exports':
      return { path: key.slice('GET '.length).replace(':id', (await sharedSite(owner)).siteId) };
    case 'GET /analysis/account/lp':
    case 'GET /analysis/account/lp/chart':
    case 'GET /dashboard/registration-data':
    case 'GET /dashboard/user-site':
    case 'GET /dashboard/adoption-by-plan':
    case 'GET /dashboard/revenue':
      return { path: key.slice('GET '.length) };
    case 'GET /analysis/site/:id/taps':
      return { path: `/analysis/site/${(await sharedSite(owner)).siteId}/taps?cell=A1` };
    case 'GET /analysis/site/:id/ranking': {
      // A ranking needs ten pages (B §9): a 2 × 5 grid.
      const siteId = await createSite(ctx.db, owner, createSiteInputSchema.parse({ name: 'Ranked site', numberHorizontal: 2, numberVertical: 5 }));
      return { path: `/analysis/site/${siteId}/ranking` };
    }
    case 'GET /site-member/:id/member/:memberId': {
      const siteId = (await sharedSite(owner)).siteId;
      const memberId = randomUUID();
      await ctx.db.insert(endUsers).values({ id: memberId, siteId, email: unique(), passwordHash: '', lang: 'jp' }).run();
      return { path: `/site-member/${siteId}/member/${memberId}` };
    }
    case 'GET /site-contact/:id/entry/:entryId':
    case 'GET /site-form/:id/entry/:entryId': {
      const siteId = (await sharedSite(owner)).siteId;
      const entryId = randomUUID();
      const formType = key.startsWith('GET /site-contact') ? 'CONTACT_SETTING' : 'HOMEPAGE_SETTING';
      await ctx.db
        .insert(formEntries)
        .values({ id: entryId, siteId, formType, lang: 'jp', data: { email: unique() } })
        .run();
      return { path: `${key.slice('GET '.length, key.indexOf('/:id'))}/${siteId}/entry/${entryId}` };
    }
    case 'GET /payment':
      return { path: '/payment?month=2026-10' };
    case 'GET /payment/export-csv':
      return { path: '/payment/export-csv?status=unpaid' };
    case 'POST /payment/webhook': {
      const body = JSON.stringify({ id: `evt_${randomUUID().replace(/-/g, '')}`, object: 'event', type: 'customer.created', created: 1, livemode: false, data: { object: { id: 'cus_matrix' } } });
      return { path: '/payment/webhook', init: { method: 'POST', body, headers: { 'stripe-signature': provider.sign(body, Math.floor(Date.now() / 1000)) } } };
    }
    case 'GET /user/:id/bill':
    case 'GET /user/:id/card':
      return { path: key.slice('GET '.length).replace(':id', owner) };
    case 'POST /user/:id/card/setup':
      return { path: `/user/${owner}/card/setup`, init: { method: 'POST' } };
    case 'POST /user/:id/bill/:invoiceId/charge': {
      await cardOnFile(owner);
      const invoice = await seedInvoice(ctx.db, { accountId: owner, period: freshMonth() });
      return { path: `/user/${owner}/bill/${invoice.id}/charge`, init: { method: 'POST' } };
    }
    case 'POST /user/:id/bill/:invoiceId/force-complete': {
      const invoice = await seedInvoice(ctx.db, { accountId: owner, period: freshMonth() });
      return { path: `/user/${owner}/bill/${invoice.id}/force-complete`, init: json('POST', { reason: 'Matrix', confirm: true }) };
    }
    case 'POST /user/:id/bill/:invoiceId/transfer-paid': {
      const invoice = await seedInvoice(ctx.db, { accountId: owner, period: freshMonth(), billingMethod: 'bank_transfer' });
      return { path: `/user/${owner}/bill/${invoice.id}/transfer-paid`, init: json('POST', { transferName: 'MATRIX' }) };
    }
  }
  throw new Error(`the matrix test has no request for ${key}: add one`);
}

/** What a refused request must leave as it was: the row count of every table, and every stored file with its size. */
async function footprint(): Promise<{ rows: Record<string, number>; files: string[] }> {
  const tables = Object.values(sqliteTables).map((table) => getTableName(table));
  const rows = Object.fromEntries(await Promise.all(tables.map(async (name) => [name, ((await sqlGet(ctx.db, `SELECT count(*) AS n FROM "${name.replace(/"/g, '""')}"`)) as { n: number }).n])));
  const root = join(ctx.dir, 'storage');
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  const files = await Promise.all(
    entries
      .filter((entry) => entry.isFile())
      .map(async (entry) => {
        const file = join(entry.parentPath, entry.name);
        return `${file.slice(root.length)} ${(await stat(file)).size}`;
      }),
  );
  return { rows, files: files.sort() };
}

/** The routes the admin app serves under /api, as route-table keys. */
function registeredRoutes(): string[] {
  const keys = ctx.admin.routes
    .filter((route) => route.method !== 'ALL' && route.path.startsWith('/api/'))
    .map((route) => `${route.method} ${route.path.slice('/api'.length).replace(/\/$/, '') || '/'}`);
  return [...new Set(keys)].sort();
}

describe('the permission matrix', () => {
  it('lists every route the app serves, in the route table and in docs/permissions.md, and nothing else', () => {
    const documented = [...readMatrix().keys()].sort();
    expect(registeredRoutes()).toEqual(Object.keys(ROUTE_TABLE).sort());
    expect(documented).toEqual(Object.keys(ROUTE_TABLE).sort());
  });

  it('answers every route × account type × own/other branch as docs/permissions.md says', { timeout: 600_000 }, async () => {
    const matrix = readMatrix();
    const differences: string[] = [];
    let cases = 0;
    let refused = 0;
    for (const [key, row] of matrix) {
      const policy = ROUTE_TABLE[key]!;
      for (const actor of ACTORS) {
        const cell = row.get(actor);
        if (!cell) throw new Error(`docs/permissions.md has no column ${actor}`);
        for (const side of ['own', 'other'] as const) {
          const expected = cell[side];
          if (expected === '—') {
            // Only a row without a target, or the platform that sees every branch, has no other side.
            const noOther = side === 'other' && (policy.access === 'public' || policy.target === 'none' || actor === 'MASTER' || actor === 'MASTER_USER');
            if (!noOther) differences.push(`${key} as ${actor} (${side}): "—" where a request must be made`);
            continue;
          }
          const { path, init = {} } = await requestFor(key, actor, side);
          const headers = new Headers(init.headers);
          headers.set('cookie', actor === 'anonymous' ? '' : `${SESSION_COOKIE}=${(await createSession(ctx.db, world.actors[actor].id)).token}`);
          // Publishes started by earlier cells finish first: their writes are not this request's.
          await Promise.all(publishes.map((id) => ctx.jobs.finished(id)));
          const before = await footprint();
          const response = await ctx.request(`/api${path}`, { ...init, headers });
          cases++;
          if (response.status === 202) {
            const started = (await response.json()) as { publishId?: string; events: string };
            if (started.publishId) publishes.push(started.publishId);
            // A bulk upload is read in the background: followed to its end, so its writes are not the next cell's.
            else await (await ctx.request(started.events, { headers })).text();
          } else await response.arrayBuffer();
          if (String(response.status) !== expected) differences.push(`${key} as ${actor} (${side}): ${response.status}, the table says ${expected}`);
          if ([401, 403, 404].includes(response.status)) {
            refused++;
            const after = await footprint();
            const changedTables = Object.keys({ ...before.rows, ...after.rows }).filter((table) => before.rows[table] !== after.rows[table]);
            const changedFiles = [...after.files.filter((file) => !before.files.includes(file)), ...before.files.filter((file) => !after.files.includes(file))];
            if (changedTables.length || changedFiles.length)
              differences.push(
                `${key} as ${actor} (${side}) answered ${response.status} yet changed ${[...changedTables.map((table) => `table ${table}`), ...changedFiles.map((file) => `file ${file}`)].join(', ')}`,
              );
          }
        }
      }
    }
    console.log(`permission matrix: ${matrix.size} routes × ${ACTORS.length} callers × own/other = ${cases} requests`);
    console.log(`permission matrix: ${refused} refused requests (401/403/404) checked to change no table's row count and no stored file`);
    expect(differences).toEqual([]);
    expect(cases).toBeGreaterThan(matrix.size * ACTORS.length);
    expect(refused).toBeGreaterThan(0);
    // The footprint sees the world: its tables and the files the publishes wrote.
    const final = await footprint();
    expect(Object.keys(final.rows).length).toBeGreaterThan(10);
    expect(final.files.length).toBeGreaterThan(10);
  });
});

/** Bytes to a file of a fresh temporary folder, as an upload arrives. */
async function writeTemporary(bytes: Uint8Array): Promise<string> {
  const path = join(await mkdtemp(join(tmpdir(), 'matrix-image-')), 'file');
  await writeFile(path, bytes);
  return path;
}
