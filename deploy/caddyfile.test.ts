import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const CADDYFILE = path.join(import.meta.dirname, 'Caddyfile');

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'swipegrid-caddy-'));
  // A self-signed wildcard certificate stands in for the one a DNS challenge would give: validate loads the files.
  await run('openssl', [
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:P-256',
    '-nodes',
    '-days',
    '1',
    '-subj',
    '/CN=*.swipegrid-sites.test',
    '-keyout',
    `${dir}/sites.key`,
    '-out',
    `${dir}/sites.crt`,
  ]);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

function validate(env: Record<string, string>) {
  return run('caddy', ['validate', '--adapter', 'caddyfile', '--config', CADDYFILE], {
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: dir, XDG_DATA_HOME: dir, XDG_CONFIG_HOME: dir, ...env },
  });
}

describe('deploy/Caddyfile', () => {
  it('is a configuration Caddy accepts: the admin, the wildcard site domain with its certificate, on-demand TLS asking Swipegrid', async () => {
    const { stdout, stderr } = await validate({
      ADMIN_HOST: 'admin.swipegrid.test',
      SITE_DOMAIN: 'swipegrid-sites.test',
      SITE_CERT_FILE: `${dir}/sites.crt`,
      SITE_KEY_FILE: `${dir}/sites.key`,
      PORT: '3000',
      SITE_PORT: '3001',
    });
    expect(`${stdout}${stderr}`).toContain('Valid configuration');
  });

  it('asks the contract path Swipegrid serves before any certificate for a custom domain', async () => {
    const { stdout } = await run('caddy', ['adapt', '--adapter', 'caddyfile', '--config', CADDYFILE], { env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: dir, SITE_PORT: '3001' } });
    const config = JSON.parse(stdout) as { apps: { tls: { automation: { on_demand: { ask: string } } } } };
    expect(config.apps.tls.automation.on_demand.ask).toBe('http://127.0.0.1:3001/api/tls/ask');
  });

  it('is refused when the wildcard certificate is missing, so the check above can fail', async () => {
    await expect(validate({ SITE_CERT_FILE: `${dir}/missing.crt`, SITE_KEY_FILE: `${dir}/sites.key` })).rejects.toThrow(/loading certificates/);
  });
});
