import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runCli } from './cli.ts';

let dir: string;
let errors: string[];
let lines: string[];
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'swipegrid-cli-'));
  vi.stubEnv('DATA_DIR', dir);
  errors = [];
  lines = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void errors.push(args.join(' ')));
  vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => void lines.push(args.join(' ')));
});
afterEach(async () => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  await rm(dir, { recursive: true, force: true });
});

describe('swipegrid command line', () => {
  it.each([
    [['serv'], 'unknown command "serv"'],
    [['serve', '--port', '80'], "Unknown option '--port'"],
    [['rebuild'], '--site <siteId> or --all is required'],
    [['rebuild', '--all', '--site', 'x'], 'either --site or --all, not both'],
    [['create-operator'], '--email is required'],
    [['create-operator', '--email'], "Option '--email <value>' argument missing"],
    [['export', '--site', 'x'], 'exactly one of --out, --dir and --to-storage'],
    [['export', '--out', 'x.zip'], '--site <siteId> is required'],
    [['backup'], '--out <file> is required'],
    [['restore'], '--from <file> is required'],
    [['migrate', 'now'], "Unexpected argument 'now'"],
  ])('%j exits with 2 and says what is wrong', async (argv, message) => {
    expect(await runCli(argv)).toBe(2);
    expect(errors.join('\n')).toContain(message);
    expect(errors.join('\n')).toContain('Usage: swipegrid');
  });

  it('prints every command on --help and a command its own usage, exiting 0', async () => {
    expect(await runCli(['--help'])).toBe(0);
    for (const name of ['serve', 'rebuild', 'create-operator', 'export', 'backup', 'restore', 'migrate', 'version']) expect(lines.join('\n')).toContain(`  ${name} `);
    expect(await runCli(['backup', '--help'])).toBe(0);
    expect(lines.at(-1)).toBe('Usage: swipegrid backup --out <file>');
  });

  it('migrates an empty data folder and prints the version', async () => {
    expect(await runCli(['migrate'])).toBe(0);
    expect(lines.at(-1)).toMatch(/swipegrid\.sqlite: \d+ migrations applied\./);
    expect(await runCli(['version'])).toBe(0);
    expect(lines.at(-1)).toMatch(/^swipegrid \d+\.\d+\.\d+ \(node v\d+/);
  });

  it('refuses a restore from a file that is no backup, naming it', async () => {
    expect(await runCli(['restore', '--from', path.join(dir, 'missing.backup')])).toBe(1);
    expect(errors.join('\n')).toContain('missing.backup');
  });
});
