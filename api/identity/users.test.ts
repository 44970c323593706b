import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_CSV_BYTES } from '../../model/constants.ts';
import { userCsvTemplate } from '../../model/user-csv.ts';
import { accounts } from '../db/schema.ts';
import { addAccount, createTestContext, fileForm, OPERATOR, type TestContext } from '../test-support.ts';

let ctx: TestContext;

beforeEach(async () => {
  ctx = await createTestContext();
});

afterEach(async () => {
  await ctx.cleanup();
});

async function as(email: string, password: string) {
  const cookie = await ctx.loginAs(email, password);
  return (path: string, init: Parameters<TestContext['request']>[1] = {}) => ctx.request(path, { ...init, headers: { ...(init.headers as Record<string, string>), cookie } });
}

async function contract(userId: string, state: string, note = '') {
  return ctx.request(`/api/master/user/${userId}/contract`, { method: 'PUT', json: { state, note } });
}

describe('contract transitions', () => {
  it('suspend: the account still logs in and reads, but every change answers 403 until it is resumed', async () => {
    const user = await addAccount(ctx.db, { type: 'USER', planId: 'standard' });
    const call = await as(user.email, user.password);
    const site = (await (await call('/api/site', { method: 'POST', json: { name: 'Mine', numberHorizontal: 1, numberVertical: 1 } })).json()) as { id: string };

    expect((await contract(user.id, 'suspended', 'unpaid invoice')).status).toBe(200);
    const suspended = await as(user.email, user.password);
    expect((await suspended(`/api/site/${site.id}`)).status).toBe(200);
    const refused = await suspended(`/api/site/${site.id}`, { method: 'PUT', json: { name: 'Changed' } });
    expect({ status: refused.status, body: await refused.json() }).toEqual({
      status: 403,
      body: { code: 'forbidden', message: 'The contract is not active; changes are not allowed.', key: 'contractNotActive', values: {}, issues: [] },
    });

    expect((await contract(user.id, 'active')).status).toBe(200);
    expect((await suspended(`/api/site/${site.id}`, { method: 'PUT', json: { name: 'Changed' } })).status).toBe(200);
  });

  it('terminate: irreversible, sessions end, login refused, the data read-only even for the platform', async () => {
    const user = await addAccount(ctx.db, { type: 'USER', planId: 'standard' });
    const sub = await addAccount(ctx.db, { type: 'SUB_ADMIN', parentId: user.id, role: 'editor' });
    const call = await as(user.email, user.password);
    const subCall = await as(sub.email, sub.password);
    const site = (await (await call('/api/site', { method: 'POST', json: { name: 'Theirs', numberHorizontal: 1, numberVertical: 1 } })).json()) as { id: string };

    expect((await contract(user.id, 'terminated')).status).toBe(200);
    expect((await call('/api/auth/user-info')).status).toBe(401);
    expect((await subCall('/api/auth/user-info')).status).toBe(401);
    const login = await ctx.request('/api/auth/login', { method: 'POST', headers: { cookie: '' }, json: { email: user.email, password: user.password } });
    // As a wrong password answers: the login says nothing about the password or the contract.
    expect({ status: login.status, body: await login.json() }).toEqual({
      status: 401,
      body: { code: 'unauthenticated', message: 'The login ID or password is incorrect. Please check and try logging in again.', key: 'loginFailed', values: {}, issues: [] },
    });
    expect((await ctx.request('/api/auth/login', { method: 'POST', headers: { cookie: '' }, json: { email: sub.email, password: sub.password } })).status).toBe(401);

    // The operator still reads it, and changes nothing.
    expect((await ctx.request(`/api/site/${site.id}`)).status).toBe(200);
    for (const [method, path, json] of [
      ['PUT', `/api/site/${site.id}`, { name: 'Changed' }],
      ['PUT', `/api/site/${site.id}/grid`, { numberHorizontal: 1, numberVertical: 2 }],
      ['DELETE', `/api/site/${site.id}`, undefined],
      ['POST', `/api/site/${site.id}/publish`, undefined],
      ['PUT', `/api/user/${user.id}`, { contactPerson: 'Someone' }],
    ] as const) {
      const response = await ctx.request(path, { method, json });
      expect({ call: `${method} ${path}`, status: response.status, body: await response.json() }).toEqual({
        call: `${method} ${path}`,
        status: 403,
        body: { code: 'forbidden', message: 'The contract of this account has been terminated; its data is read-only.', key: 'readOnlyTerminated', values: {}, issues: [] },
      });
    }
    expect((await contract(user.id, 'active')).status).toBe(403);
    expect((await ctx.db.select().from(accounts).where(eq(accounts.id, user.id)).get())!.contractState).toBe('terminated');
  });

  it('refuses transitions the spec does not allow, and records every allowed one with who and when', async () => {
    const created = await ctx.request('/api/master/user', {
      method: 'POST',
      json: { companyName: 'Later', email: 'later@example.com', accountType: 'USER', planId: 'light', contractState: 'inactive' },
    });
    const { user } = (await created.json()) as { user: { id: string } };
    const bad = await contract(user.id, 'suspended');
    expect({ status: bad.status, body: await bad.json() }).toEqual({
      status: 400,
      body: { code: 'conflict', message: 'A contract cannot go from inactive to suspended.', key: 'contractTransition', values: { from: 'inactive', to: 'suspended' }, issues: [] },
    });
    for (const state of ['active', 'suspended', 'active', 'terminated']) expect((await contract(user.id, state, `to ${state}`)).status).toBe(200);

    const { history } = (await (await ctx.request(`/api/master/user/${user.id}/user-history`)).json()) as {
      history: { fromState: string | null; toState: string; byEmail: string; at: string; note: string }[];
    };
    expect(history.map((entry) => [entry.fromState, entry.toState, entry.byEmail])).toEqual([
      [null, 'inactive', OPERATOR.email],
      ['inactive', 'active', OPERATOR.email],
      ['active', 'suspended', OPERATOR.email],
      ['suspended', 'active', OPERATOR.email],
      ['active', 'terminated', OPERATOR.email],
    ]);
    expect(history.every((entry) => Date.now() - Date.parse(entry.at) < 60_000)).toBe(true);
    expect(history[2]!.note).toBe('to suspended');
  });
});

describe('users', () => {
  it('an OEM master creates admins and users below itself and lists only its branch, searched and paged', async () => {
    const oem = await addAccount(ctx.db, { type: 'OEM_MASTER', planId: 'oem' });
    const otherOem = await addAccount(ctx.db, { type: 'OEM_MASTER', planId: 'oem' });
    await addAccount(ctx.db, { type: 'USER', parentId: otherOem.id, planId: 'trial' });
    const call = await as(oem.email, oem.password);
    const admin = await call('/api/oem-master/user', { method: 'POST', json: { companyName: 'Reseller desk', email: 'desk@example.com', accountType: 'OEM_ADMIN' } });
    expect(admin.status).toBe(201);
    for (let n = 1; n <= 3; n++) {
      const created = await call('/api/oem-master/user', {
        method: 'POST',
        json: {
          companyName: `Shop ${n}`,
          email: `shop${n}@example.com`,
          contactPerson: `Person ${n}`,
          accountType: 'USER',
          planId: 'light',
          contractStart: '2030-01-01',
          contractExpiry: '2031-01-01',
        },
      });
      expect(created.status).toBe(201);
    }
    const all = (await (await call('/api/user')).json()) as { users: { email: string; parentId: string }[]; total: number };
    expect(all.total).toBe(4);
    expect(all.users.every((user) => user.parentId === oem.id)).toBe(true);
    const page = (await (await call('/api/user?q=shop&limit=2&page=2')).json()) as { users: unknown[]; total: number; page: number };
    expect(page).toMatchObject({ total: 3, page: 2 });
    expect(page.users).toHaveLength(1);
    expect(((await (await call('/api/user?q=Person%202')).json()) as { users: { email: string }[] }).users.map((user) => user.email)).toEqual(['shop2@example.com']);
    // The platform sees them all.
    expect(((await (await ctx.request('/api/user')).json()) as { total: number }).total).toBe(7);
  });

  it('refuses a type the caller may not create (403), a missing plan, a repeated email and a bad date range (400)', async () => {
    const oemAdmin = await addAccount(ctx.db, { type: 'OEM_ADMIN', parentId: (await addAccount(ctx.db, { type: 'OEM_MASTER', planId: 'oem' })).id });
    const call = await as(oemAdmin.email, oemAdmin.password);
    const base = { companyName: 'X', email: 'x@example.com', accountType: 'USER', planId: 'trial' };
    expect((await call('/api/oem-admin/user', { method: 'POST', json: { ...base, accountType: 'OEM_MASTER' } })).status).toBe(403);
    expect(await (await call('/api/oem-admin/user', { method: 'POST', json: { ...base, planId: undefined } })).json()).toMatchObject({ message: 'planId: Please enter all required fields.' });
    expect(await (await call('/api/oem-admin/user', { method: 'POST', json: { ...base, email: OPERATOR.email } })).json()).toMatchObject({
      message: 'email: This email address is already registered.',
    });
    expect(await (await call('/api/oem-admin/user', { method: 'POST', json: { ...base, contractStart: '2030-02-01', contractExpiry: '2030-01-01' } })).json()).toMatchObject({
      message: 'contractExpiry: Invalid date range.',
    });
    expect((await call('/api/oem-admin/user', { method: 'POST', json: base })).status).toBe(201);
  });

  it('updates the contract fields of a user below; a user cannot change its own', async () => {
    const user = await addAccount(ctx.db, { type: 'USER', planId: 'trial' });
    const updated = await ctx.request(`/api/user/${user.id}`, { method: 'PUT', json: { companyName: 'Renamed Co', planId: 'premium', licenseIssued: true, contractExpiry: '2031-03-31' } });
    expect(await updated.json()).toMatchObject({ user: { companyName: 'Renamed Co', planId: 'premium', licenseIssued: true, contractExpiry: '2031-03-31' } });
    expect((await ctx.request(`/api/user/${user.id}`, { method: 'PUT', json: { planId: 'nope' } })).status).toBe(400);
    const call = await as(user.email, user.password);
    expect((await call(`/api/user/${user.id}`)).status).toBe(200);
    expect((await call(`/api/user/${user.id}`, { method: 'PUT', json: { planId: 'pro' } })).status).toBe(403);
  });
});

describe('admin list', () => {
  it('the main contact adds an editor and a viewer; the viewer reads but every change answers 403', async () => {
    const user = await addAccount(ctx.db, { type: 'USER', planId: 'standard' });
    const call = await as(user.email, user.password);
    const site = (await (await call('/api/site', { method: 'POST', json: { name: 'Shared', numberHorizontal: 1, numberVertical: 1 } })).json()) as { id: string };
    expect((await call('/api/sub-admin', { method: 'POST', json: { name: 'Eve', email: 'eve@example.com', role: 'viewer', authority: 'edit' } })).status).toBe(201);
    const { admins } = (await (await call('/api/sub-admin')).json()) as { admins: { email: string; role: string; authority: string }[] };
    expect(admins.map((admin) => [admin.email, admin.role, admin.authority])).toEqual([
      [user.email, 'main_contact', 'edit'],
      ['eve@example.com', 'viewer', 'view'],
    ]);

    // The viewer sets its password from the invitation and signs in.
    const token = decodeURIComponent(/token=(\S+)/.exec((await ctx.outbox()).at(-1)!.text)![1]!);
    await ctx.request('/api/auth/reset-password', { method: 'POST', headers: { cookie: '' }, json: { token, password: 'Viewer#Pass1', confirmPassword: 'Viewer#Pass1' } });
    const viewer = await as('eve@example.com', 'Viewer#Pass1');
    expect((await viewer('/api/site')).status).toBe(200);
    expect((await viewer(`/api/site/${site.id}`)).status).toBe(200);
    const refused = await viewer(`/api/site/${site.id}`, { method: 'PUT', json: { name: 'Viewer edit' }, headers: { 'accept-language': 'zh' } });
    expect({ status: refused.status, body: await refused.json() }).toEqual({
      status: 403,
      body: { code: 'forbidden', message: '您只有查看权限，无法进行更改。', key: 'viewOnly', values: {}, issues: [] },
    });
    expect((await viewer('/api/site', { method: 'POST', json: { name: 'No', numberHorizontal: 1, numberVertical: 1 } })).status).toBe(403);
    expect((await viewer('/api/sub-admin', { method: 'POST', json: { name: 'Mallory', email: 'm@example.com' } })).status).toBe(403);
  });
});

describe('admin list across tenants', () => {
  type Admins = { admins: { id: string; name: string; email: string; role: string; authority: string; passwordSet: boolean }[] };
  /** An answer with the invited address and its generated id taken out: what must not differ between a free and a taken address. */
  const shape = async (response: Response, email: string) => ({
    status: response.status,
    body: JSON.stringify(await response.json())
      .replaceAll(email, '<address>')
      .replace(/"id":"[^"]+"/g, '"id":"<id>"'),
  });

  it('answers an address registered in another tenant exactly as a free one, and changes nothing of that tenant', async () => {
    const tenant = await addAccount(ctx.db, { type: 'USER', planId: 'standard' });
    const elsewhere = await addAccount(ctx.db, { type: 'USER', planId: 'standard' });
    const before = await ctx.db.select().from(accounts).where(eq(accounts.id, elsewhere.id)).get();
    const call = await as(tenant.email, tenant.password);
    const invite = (email: string) => call('/api/sub-admin', { method: 'POST', json: { name: 'Invited', email, role: 'editor', authority: 'edit' } });
    const free = 'free-address@example.com';

    const takenAnswer = await shape(await invite(elsewhere.email), elsewhere.email);
    // The free one is asked second, so its list holds the taken one too: compare each with its own entry only.
    const freeAnswer = await shape(await invite(free), free);
    expect(takenAnswer.status).toBe(201);
    expect(freeAnswer.status).toBe(201);
    const listed = (await (await call('/api/sub-admin')).json()) as Admins;
    const entryOf = (email: string) => {
      const { id, email: shown, ...rest } = listed.admins.find((admin) => admin.email === email)!;
      return { ...rest, idKind: typeof id, shown: shown === email };
    };
    expect(entryOf(elsewhere.email)).toEqual(entryOf(free));
    // Asked again, both are on the caller's own list now: the same refusal for each.
    expect(await shape(await invite(elsewhere.email), elsewhere.email)).toEqual(await shape(await invite(free), free));

    // Nothing of the other tenant changed: its account as it was, its sign-in and its own list.
    expect(await ctx.db.select().from(accounts).where(eq(accounts.id, elsewhere.id)).get()).toEqual(before);
    const other = await as(elsewhere.email, elsewhere.password);
    expect(((await (await other('/api/sub-admin')).json()) as Admins).admins.map((admin) => admin.email)).toEqual([elsewhere.email]);
    // The owner of the taken address is told, with no link; the free address gets its invitation.
    const mails = await ctx.outbox();
    const toElsewhere = mails.filter((mail) => mail.to === elsewhere.email);
    expect(toElsewhere).toHaveLength(1);
    expect(toElsewhere[0]!.text).not.toMatch(/token=/);
    expect(mails.filter((mail) => mail.to === free).map((mail) => /token=/.test(mail.text))).toEqual([true]);
  });

  it('answers parallel invitations of a taken and of a free address alike: one entry each, the rest refused', async () => {
    const tenant = await addAccount(ctx.db, { type: 'USER', planId: 'standard' });
    const elsewhere = await addAccount(ctx.db, { type: 'USER', planId: 'standard' });
    const call = await as(tenant.email, tenant.password);
    const invite = (email: string) => call('/api/sub-admin', { method: 'POST', json: { name: 'Invited', email, role: 'editor', authority: 'edit' } });
    const statuses = async (email: string) => (await Promise.all(Array.from({ length: 6 }, () => invite(email)))).map((response) => response.status).sort();
    const [taken, free] = await Promise.all([statuses(elsewhere.email), statuses('free-parallel@example.com')]);
    expect(taken).toEqual([201, 400, 400, 400, 400, 400]);
    expect(free).toEqual(taken);
    const listed = (await (await call('/api/sub-admin')).json()) as Admins;
    expect(listed.admins.map((admin) => admin.email).sort()).toEqual([tenant.email, elsewhere.email, 'free-parallel@example.com'].sort());
  });
});

describe('CSV import', () => {
  const csv = (text: string, name = 'users.csv', type = 'text/csv') => fileForm(new TextEncoder().encode(text), name, type);

  it('imports every row, each invited by a password link', async () => {
    const response = await ctx.request('/api/master/user/import', {
      method: 'POST',
      body: csv(
        'companyName,email,contactPerson,accountType,planId,contractStart,contractExpiry,authority,licenseIssued\nA Co,a@example.com,Ann,USER,light,2030-01-01,2031-01-01,edit,yes\nB Co,b@example.com,,OEM_MASTER,oem,,,view,no\n',
      ),
    });
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({
      imported: 2,
      invitationsFailed: 0,
      users: [expect.objectContaining({ email: 'a@example.com' }), expect.objectContaining({ email: 'b@example.com' })],
    });
    expect(await ctx.db.select().from(accounts).where(eq(accounts.email, 'b@example.com')).get()).toMatchObject({ accountType: 'OEM_MASTER', authority: 'view', licenseIssued: false });
    expect((await ctx.outbox()).map((mail) => mail.to).sort()).toEqual(['a@example.com', 'b@example.com']);
  });

  it('imports the downloadable template as it is: its example row is a valid user', async () => {
    const response = await ctx.request('/api/master/user/import', { method: 'POST', body: csv(userCsvTemplate()) });
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ imported: 1, users: [expect.objectContaining({ email: 'user@example.com', companyName: 'Example Co., Ltd.' })] });
  });

  it('imports nothing when any row fails, and reports every failing row and why', async () => {
    const before = (await ctx.db.select().from(accounts).all()).length;
    const response = await ctx.request('/api/master/user/import', {
      method: 'POST',
      body: csv(
        `companyName,email,accountType,planId\nGood,good@example.com,USER,light\n,no-company@example.com,USER,light\nBad mail,not-an-email,USER,light\nDup,good@example.com,USER,light\nTaken,${OPERATOR.email},USER,light\nNo plan,noplan@example.com,USER,gold\n`,
      ),
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { message: string; failures: { row: number; email: string; errors: string[] }[] };
    expect(body.message).toBe('Nothing was imported: 5 row(s) have errors.');
    expect(body.failures.map((failure) => [failure.row, failure.errors.join(' | ')])).toEqual([
      [3, 'companyName: Please enter all required fields.'],
      [4, 'email: Invalid email address.'],
      [5, 'email: Repeats row 2.'],
      [6, 'email: This email address is already registered.'],
      [7, 'planId: Unknown plan "gold".'],
    ]);
    expect(await ctx.db.select().from(accounts).all()).toHaveLength(before);
  });

  it("takes CSV only, at most 5 MB, with the spec's messages", async () => {
    const notCsv = await ctx.request('/api/master/user/import', {
      method: 'POST',
      body: csv('companyName,email\n', 'users.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
    });
    expect({ status: notCsv.status, body: await notCsv.json() }).toEqual({
      status: 400,
      body: { code: 'unsupported_media', message: 'Only CSV files are supported.', key: 'csvOnly', values: {}, issues: [] },
    });
    const binary = await ctx.request('/api/master/user/import', { method: 'POST', body: fileForm(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x00, 0xff]), 'users.csv') });
    expect(binary.status).toBe(400);
    const big = `companyName,email\n${'x'.repeat(MAX_CSV_BYTES)}`;
    const tooLarge = await ctx.request('/api/master/user/import', { method: 'POST', body: csv(big, 'big.csv') });
    expect({ status: tooLarge.status, body: await tooLarge.json() }).toEqual({
      status: 413,
      body: { code: 'payload_too_large', message: 'big.csv - File size exceeds the 5MB limit', key: 'csvTooLarge', values: { file: 'big.csv' }, issues: [] },
    });
  });

  it('refuses a 6 MB CSV while it streams, having read little more than 5 MB of it', async () => {
    const boundary = 'csv-boundary';
    const parts = [`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="huge.csv"\r\nContent-Type: text/csv\r\n\r\ncompanyName,email\n`];
    const row = new TextEncoder().encode(`${'Company,someone@example.com\n'.repeat(2000)}`);
    let pulled = 0;
    // A stream without a length (sent chunked), made as it is read: 6 MB of rows, then the closing boundary.
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled === 0) controller.enqueue(new TextEncoder().encode(parts[0]));
        if (pulled >= 6 * 1024 * 1024) {
          controller.enqueue(new TextEncoder().encode(`\r\n--${boundary}--\r\n`));
          controller.close();
          return;
        }
        pulled += row.byteLength;
        controller.enqueue(row);
      },
    });
    const response = await ctx.request('/api/master/user/import', { method: 'POST', body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, duplex: 'half' } as RequestInit);
    expect({ status: response.status, body: await response.json() }).toMatchObject({ status: 413, body: { key: 'csvTooLarge', values: { file: 'huge.csv' } } });
    expect(pulled).toBeLessThan(MAX_CSV_BYTES + 512 * 1024);
  });
});
