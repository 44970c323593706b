import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_IMPORT_FAILURES_SHOWN, MAX_IMPORT_ROWS } from '../model/constants.ts';
import { loadConfig } from '../api/config.ts';
import { readOutbox } from '../api/mail/mailer.ts';
import { startServer, type RunningServer } from '../api/server.ts';
import type { UserView } from '../api/identity/user-view.ts';
import { launchBrowser } from './browser.ts';
import { signIn } from './site-api.ts';

const OPERATOR_PASSWORD = 'Operator-pass1!';
let dataDir: string;
let server: RunningServer;
let browser: Browser;
let operator: Awaited<ReturnType<typeof signIn>>;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'swipegrid-e2e-users-'));
  server = await startServer(loadConfig({ DATA_DIR: dataDir, PORT: '0', SITE_PORT: '0', ADMIN_EMAIL: 'owner@example.com', ADMIN_PASSWORD: OPERATOR_PASSWORD, SEED_DEMO: 'false' }), () => {});
  browser = await launchBrowser();
  operator = await signIn(server, 'owner@example.com', OPERATOR_PASSWORD);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const toastText = (page: Page) => page.getByTestId('toast').textContent();

/** An account made by the operator with a first password, already changed, so it signs straight in. */
async function accountWithPassword(email: string, accountType: string, password: string, planId: string | null = 'standard'): Promise<UserView> {
  const { user } = await operator.call<{ user: UserView }>('POST', '/api/master/user', { companyName: `${email} Inc`, email, accountType, planId, password: 'First#Pass1' }, 201);
  const first = await signIn(server, email, 'First#Pass1');
  await first.call('POST', '/api/auth/change-password', { currentPassword: 'First#Pass1', password, confirmPassword: password });
  return user;
}

async function signInPage(email: string, password: string, landing: string): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.goto(`${server.adminUrl}/login`);
  await page.getByLabel('言語').selectOption('en');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`**/${landing}/site-list`);
  return page;
}

describe('users in the console', () => {
  it('lets the operator create a user with its contract, invited by mail, then edit the contract', { timeout: 120_000 }, async () => {
    const page = await signInPage('owner@example.com', OPERATOR_PASSWORD, 'master');
    await page.getByRole('link', { name: 'Users' }).click();
    await page.getByRole('link', { name: 'Create a user' }).click();
    const form = page.getByRole('form', { name: 'Create a user' });
    await expect.poll(() => form.getByLabel('Account type').locator('option').allTextContents()).toEqual(['Master user', 'OEM master', 'User']);
    await form.getByRole('button', { name: 'Create a user' }).click();
    await expect.poll(() => form.getByText('Please enter all required fields.').count()).toBeGreaterThan(0);

    await form.getByLabel('Account type').selectOption('USER');
    await form.getByLabel('Company name').fill('Shoe Shop');
    await form.getByLabel('Contact person').fill('Aiko');
    await form.getByLabel('Email').fill('shoes@example.com');
    await expect.poll(() => form.getByLabel('Plan').locator('option').count()).toBeGreaterThan(1);
    await form.getByLabel('Plan').selectOption('standard');
    await form.getByLabel('Contract start').fill('2026-04-01');
    await form.getByLabel('Contract expiry').fill('2026-03-01');
    await form.getByRole('button', { name: 'Create a user' }).click();
    await expect.poll(() => form.getByText('Invalid date range.').count()).toBe(1);
    expect(await form.getByLabel('Company name').inputValue()).toBe('Shoe Shop');
    await form.getByLabel('Contract expiry').fill('2027-03-31');
    await form.getByRole('button', { name: 'Create a user' }).click();
    await page.waitForURL(/\/master\/user\/[\w-]+$/);
    await expect.poll(() => toastText(page)).toBe('The user was created.');
    const userId = page.url().split('/').pop()!;
    const { user } = await operator.call<{ user: UserView }>('GET', `/api/user/${userId}`);
    expect(user).toMatchObject({
      companyName: 'Shoe Shop',
      contactPerson: 'Aiko',
      email: 'shoes@example.com',
      accountType: 'USER',
      planId: 'standard',
      contractStart: '2026-04-01',
      contractExpiry: '2027-03-31',
      passwordSet: false,
    });
    // The detail shows the user's media against its plan's storage quota (standard: 3 GB).
    await expect.poll(() => page.getByTestId('storage-used').textContent()).toBe('0.0 MB / 3,072 MB');
    // No first password given: an invitation link was mailed.
    await expect.poll(async () => (await readOutbox(join(dataDir, 'outbox'))).filter((mail) => mail.to === 'shoes@example.com').length).toBe(1);

    const edit = page.getByRole('form', { name: 'Contract details' });
    expect(await edit.getByLabel('Contact person').inputValue()).toBe('Aiko');
    await edit.getByLabel('Contact person').fill('Kenji');
    await edit.getByLabel('Plan').selectOption('premium');
    await edit.getByLabel('Email').fill('not-an-email');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => edit.getByText('Invalid email address.').count()).toBe(1);
    expect(await edit.getByLabel('Contact person').inputValue()).toBe('Kenji');
    // Refused by the API for a field: the message sits beside that field.
    await edit.getByLabel('Email').fill('owner@example.com');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => edit.getByText('This email address is already registered.').count()).toBe(1);
    expect(await edit.getByLabel('Email').getAttribute('aria-invalid')).toBe('true');
    await edit.getByLabel('Email').fill('shoes@example.com');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => toastText(page)).toBe('Saved.');
    await expect.poll(() => page.getByText('Kenji').count()).toBeGreaterThan(0);
    expect((await operator.call<{ user: UserView }>('GET', `/api/user/${userId}`)).user).toMatchObject({ contactPerson: 'Kenji', planId: 'premium' });

    // Terminating asks first, in a dialog Escape dismisses; only the confirming button terminates.
    await page.getByRole('button', { name: 'Terminate the contract' }).click();
    const confirmation = page.getByRole('alertdialog');
    await expect.poll(() => confirmation.textContent()).toContain('Terminating cannot be undone');
    await page.keyboard.press('Escape');
    await expect.poll(() => confirmation.count()).toBe(0);
    expect((await operator.call<{ user: UserView }>('GET', `/api/user/${userId}`)).user.contractState).toBe('active');
    await page.getByRole('button', { name: 'Terminate the contract' }).click();
    await confirmation.getByRole('button', { name: 'Terminate the contract' }).click();
    await expect.poll(() => page.getByTestId('contract-state').textContent()).toBe('Terminated');
    expect((await operator.call<{ user: UserView }>('GET', `/api/user/${userId}`)).user.contractState).toBe('terminated');
    await page.close();
  });

  it('creates a user below an OEM master through its own prefix', { timeout: 120_000 }, async () => {
    const oem = await accountWithPassword('oem@example.com', 'OEM_MASTER', 'Oem#Master1');
    const page = await signInPage('oem@example.com', 'Oem#Master1', 'admin');
    await page.goto(`${server.adminUrl}/admin/create-user`);
    const form = page.getByRole('form', { name: 'Create a user' });
    await expect.poll(() => form.getByLabel('Account type').locator('option').allTextContents()).toEqual(['OEM admin', 'User']);
    await form.getByLabel('Account type').selectOption('USER');
    await form.getByLabel('Company name').fill('Hat Shop');
    await form.getByLabel('Email').fill('hats@example.com');
    await form.getByLabel('First password (optional)').fill('Hats#First1');
    // A user needs a plan: the API says so, and the message sits beside the plan.
    await form.getByRole('button', { name: 'Create a user' }).click();
    await expect.poll(() => form.getByText('Please enter all required fields.').count()).toBe(1);
    expect(await form.getByLabel('Plan').getAttribute('aria-invalid')).toBe('true');
    await form.getByLabel('Plan').selectOption('light');
    await form.getByRole('button', { name: 'Create a user' }).click();
    await page.waitForURL(/\/admin\/user\/[\w-]+$/);
    const { user } = await operator.call<{ user: UserView }>('GET', `/api/user/${page.url().split('/').pop()}`);
    expect(user).toMatchObject({ email: 'hats@example.com', parentId: oem.id, planId: 'light', passwordSet: true });
    await page.close();
  });

  it('lets an account manage its sub-admins, and shows an editor sub-admin the list without the controls', { timeout: 120_000 }, async () => {
    await accountWithPassword('team@example.com', 'USER', 'Team#Owner1');
    const page = await signInPage('team@example.com', 'Team#Owner1', 'admin-user');
    await page.getByRole('link', { name: 'Admin list' }).click();
    await expect.poll(() => page.getByTestId('admin-team@example.com').count()).toBe(1);
    const add = page.getByRole('form', { name: 'Add an admin' });
    await add.getByLabel('Name').fill('Eddie');
    await add.getByLabel('Email').fill('eddie@');
    await add.getByRole('button', { name: 'Add an admin' }).click();
    await expect.poll(() => add.getByText('Invalid email address.').count()).toBe(1);
    await add.getByLabel('Email').fill('eddie@example.com');
    await add.getByRole('button', { name: 'Add an admin' }).click();
    await expect.poll(() => toastText(page)).toBe('eddie@example.com was invited.');
    const eddie = page.getByTestId('admin-eddie@example.com');
    expect(await eddie.getByText('Invited').count()).toBe(1);
    await add.getByLabel('Name').fill('Vera');
    await add.getByLabel('Email').fill('vera@example.com');
    await add.getByLabel('Role').selectOption('viewer');
    await add.getByRole('button', { name: 'Add an admin' }).click();
    const vera = page.getByTestId('admin-vera@example.com');
    await expect.poll(() => vera.textContent()).toContain('View only');

    // Changing a role and an authority, then removing one, after a confirmation.
    await eddie.getByLabel('Authority').selectOption('view');
    await expect.poll(() => toastText(page)).toBe('Saved.');
    await eddie.getByLabel('Authority').selectOption('edit');
    await vera.getByLabel('Role').selectOption('editor');
    await expect.poll(() => vera.getByLabel('Authority').count()).toBe(1);
    // The confirmation is an in-page dialog: Cancel keeps the admin, Remove removes it.
    await vera.getByRole('button', { name: 'Remove' }).click();
    const confirmation = page.getByRole('alertdialog', { name: 'Remove Vera? Their access ends now.' });
    await confirmation.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => confirmation.count()).toBe(0);
    expect(await vera.count()).toBe(1);
    await vera.getByRole('button', { name: 'Remove' }).click();
    await confirmation.getByRole('button', { name: 'Remove' }).click();
    await expect.poll(() => vera.count()).toBe(0);
    const team = await signIn(server, 'team@example.com', 'Team#Owner1');
    const { admins } = await team.call<{ admins: { email: string; role: string; authority: string }[] }>('GET', '/api/sub-admin');
    expect(admins.map((admin) => [admin.email, admin.role, admin.authority])).toEqual([
      ['team@example.com', 'main_contact', 'edit'],
      ['eddie@example.com', 'editor', 'edit'],
    ]);
    // The account's own row is not a sub-admin: nothing to change on it.
    expect(await page.getByTestId('admin-team@example.com').getByRole('combobox').count()).toBe(0);
    await page.close();

    // Eddie sets a password from the invitation and sees the list, without any control.
    const invitation = (await readOutbox(join(dataDir, 'outbox'))).find((mail) => mail.to === 'eddie@example.com')!;
    const token = new URL(/http\S+\/new-password\?token=\S+/.exec(invitation.text)![0]).searchParams.get('token');
    const reset = await fetch(`${server.adminUrl}/api/auth/reset-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token, password: 'Eddie#Pass1', confirmPassword: 'Eddie#Pass1' }),
    });
    expect(reset.status).toBe(200);
    const editor = await signInPage('eddie@example.com', 'Eddie#Pass1', 'admin-user');
    await editor.getByRole('link', { name: 'Admin list' }).click();
    await expect.poll(() => editor.getByTestId('admin-eddie@example.com').count()).toBe(1);
    expect(await editor.getByRole('form', { name: 'Add an admin' }).count()).toBe(0);
    expect(await editor.getByRole('combobox', { name: 'Role' }).count()).toBe(0);
    expect(await editor.getByRole('button', { name: 'Remove' }).count()).toBe(0);
    await editor.close();
  });

  it('imports users from CSV in a dialog: the template, a refused file with every failing row, then all rows at once', { timeout: 120_000 }, async () => {
    const page = await signInPage('owner@example.com', OPERATOR_PASSWORD, 'master');
    await page.getByRole('link', { name: 'Users' }).click();
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import users from CSV' });

    const download = page.waitForEvent('download');
    await dialog.getByRole('link', { name: 'Download the template (CSV)' }).click();
    const template = await (await download).createReadStream();
    let text = '';
    for await (const chunk of template) text += String(chunk);
    expect(text.split('\r\n')[0]).toBe('\uFEFFcompanyName,email,contactPerson,accountType,planId,contractStart,contractExpiry,authority,licenseIssued');

    const file = dialog.getByLabel('CSV file');
    await file.setInputFiles({ name: 'users.txt', mimeType: 'text/plain', buffer: Buffer.from('companyName,email\n') });
    await expect.poll(() => dialog.getByRole('alert').textContent()).toBe('Only CSV files are supported.');
    expect(await dialog.getByRole('button', { name: 'Import', exact: true }).isDisabled()).toBe(true);

    const rows = 'companyName,email,accountType,planId\nGood Co,csv-good@example.com,USER,light\n,csv-nameless@example.com,USER,light\nBad Co,not-an-email,USER,light\n';
    await file.setInputFiles({ name: 'users.csv', mimeType: 'text/csv', buffer: Buffer.from(rows) });
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await expect.poll(() => dialog.getByRole('alert').textContent()).toBe('Nothing was imported: 2 row(s) have errors.');
    const report = dialog.getByRole('table', { name: 'Rows that failed' });
    await expect.poll(() => report.locator('tbody tr td:first-child').allTextContents()).toEqual(['3', '4']);
    expect(await report.locator('tbody tr').nth(1).textContent()).toContain('not-an-email');
    await page.screenshot({ path: 'test-results/screenshots/users-import-refused.png' });
    const { users: before } = await operator.call<{ users: UserView[] }>('GET', '/api/user?q=csv-good');
    expect(before).toHaveLength(0);

    const fixed = 'companyName,email,accountType,planId\nGood Co,csv-good@example.com,USER,light\nNamed Co,csv-named@example.com,USER,light\n';
    await file.setInputFiles({ name: 'users.csv', mimeType: 'text/csv', buffer: Buffer.from(fixed) });
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await expect.poll(() => toastText(page)).toContain('2 user(s) imported and invited.');
    await expect.poll(() => dialog.count()).toBe(0);
    await page.getByLabel('Search').fill('csv-');
    await expect.poll(() => page.locator('table tbody tr').count()).toBe(2);
    const mail = await readOutbox(join(dataDir, 'outbox'));
    expect(mail.map((entry) => entry.to)).toEqual(expect.arrayContaining(['csv-good@example.com', 'csv-named@example.com']));
    await page.close();
  });

  it('the import dialog names its row cap, lists the first 100 failing rows in words and counts the rest', { timeout: 120_000 }, async () => {
    const page = await signInPage('owner@example.com', OPERATOR_PASSWORD, 'master');
    await page.getByRole('link', { name: 'Users' }).click();
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import users from CSV' });
    expect(await dialog.textContent()).toContain(`up to 5 MB and ${MAX_IMPORT_ROWS.toLocaleString('en')} rows`);

    const failing = MAX_IMPORT_FAILURES_SHOWN + 30;
    // One row the CSV reader cannot read (a field too many), then rows whose email is not one.
    const lines = ['companyName,email,planId', 'Extra Co,extra@example.com,light,surplus', ...Array.from({ length: failing - 1 }, (_, index) => `Bad ${index},bad-${index},light`)];
    await dialog.getByLabel('CSV file').setInputFiles({ name: 'users.csv', mimeType: 'text/csv', buffer: Buffer.from(`${lines.join('\n')}\n`) });
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await expect.poll(() => dialog.getByRole('alert').textContent()).toBe(`Nothing was imported: ${failing} row(s) have errors.`);
    const report = dialog.getByRole('table', { name: 'Rows that failed' });
    await expect.poll(() => report.locator('tbody tr').count()).toBe(MAX_IMPORT_FAILURES_SHOWN);
    expect(await report.locator('tbody tr').first().textContent()).toContain('This row cannot be read as CSV');
    expect(await report.locator('tbody tr').first().textContent()).not.toContain('Too many fields');
    expect(await dialog.getByText('…and 30 more row(s) with problems.').count()).toBe(1);
    await page.screenshot({ path: 'test-results/screenshots/users-import-capped.png' });
    await page.close();
  });
});
