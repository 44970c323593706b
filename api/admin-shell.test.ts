import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { adminShell } from './admin-shell.ts';

let dist: string;
beforeEach(async () => {
  dist = await mkdtemp(join(tmpdir(), 'swipegrid-admin-dist-'));
  await mkdir(join(dist, '_astro'));
  await writeFile(join(dist, 'index.html'), '<!doctype html><script>window.x=1</script><script type="module" src="/_astro/a.js"></script>');
  await writeFile(join(dist, '_astro', 'a.js'), 'export {}');
});
afterEach(async () => rm(dist, { recursive: true, force: true }));

describe('the admin shell host', () => {
  it('serves a page with a CSP that allows exactly its own inline scripts by hash', async () => {
    const response = await adminShell(dist).request('http://admin.local/');
    expect(response.status).toBe(200);
    const csp = response.headers.get('content-security-policy')!;
    expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'; /);
    const scriptSrc = csp.split(';').find((directive) => directive.trim().startsWith('script-src'))!;
    expect(scriptSrc).not.toContain('unsafe-inline');
    expect(response.headers.get('cache-control')).toBe('no-cache');
  });

  it('serves hashed assets as immutable', async () => {
    const response = await adminShell(dist).request('http://admin.local/_astro/a.js');
    expect(response.headers.get('cache-control')).toContain('immutable');
  });

  it('answers 404 to a path with malformed percent-encoding, and to one that climbs out of its folder', async () => {
    expect((await adminShell(dist).request('http://admin.local/%E0%A4%A')).status).toBe(404);
    expect((await adminShell(dist).request('http://admin.local/..%2F..%2Fetc%2Fpasswd')).status).toBe(404);
  });

  it('answers the console page for a client-side screen, so a reload of /master/site/abc keeps working', async () => {
    const response = await adminShell(dist).request('http://admin.local/master/site/abc');
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('window.x=1');
    expect((await adminShell(dist).request('http://admin.local/_astro/missing.js')).status).toBe(404);
  });

  it('lets only the site origin be framed (the preview), and nothing frame the admin', async () => {
    const csp = (await adminShell(dist, { frameOrigin: 'http://sites.local:3001' }).request('http://admin.local/')).headers.get('content-security-policy')!;
    expect(csp).toContain('frame-src http://sites.local:3001');
    expect(csp).toContain("frame-ancestors 'none'");
  });
});
