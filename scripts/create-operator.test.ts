import { closeDatabase } from '../api/db/open-database.ts';
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { verifyPassword } from '../api/identity/password.ts';
import { openDatabase } from '../api/db/open-database.ts';
import { accounts } from '../api/db/schema.ts';

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'swipegrid-operator-'));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function run(...args: string[]) {
  return spawnSync(process.execPath, ['scripts/create-operator.ts', ...args], { env: { ...process.env, DATA_DIR: dir }, encoding: 'utf8' });
}

describe('scripts/create-operator.ts', () => {
  it('creates a MASTER with a generated password printed once, which then verifies', async () => {
    const result = run('--email', 'Ops@Example.com');
    expect(result.status).toBe(0);
    const password = /Password:\s+(\S+)/.exec(result.stdout)![1]!;
    const db = await openDatabase(path.join(dir, 'swipegrid.sqlite'));
    const row = (await db.select().from(accounts).get())!;
    expect(row).toMatchObject({ email: 'ops@example.com', accountType: 'MASTER' });
    expect(await verifyPassword(password, row.passwordHash)).toBe(true);
    await closeDatabase(db);
  });

  it('refuses a taken email or a password that breaks the admin rule, creating nothing', () => {
    expect(run('--email', 'ops@example.com', '--password', 'Chosen#Pass1').status).toBe(0);
    const again = run('--email', 'ops@example.com');
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('already exists');
    const weak = run('--email', 'other@example.com', '--password', 'weak');
    expect(weak.status).toBe(1);
    expect(weak.stderr).toContain('8 to 50');
  });
});
