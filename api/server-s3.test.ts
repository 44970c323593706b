import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { s3Environment, startS3TestServer, type S3TestServer } from '../storage/s3-test-server.ts';
import { loadConfig } from './config.ts';
import { startServer, type RunningServer } from './server.ts';

let dataDir: string;
let s3: S3TestServer;
let server: RunningServer;

/** GET through the site host by its address, with the site's own host name (`*.localhost` needs no DNS this way). */
function get(url: string): Promise<{ status: number; type: string; body: Buffer }> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: target.port, path: `${target.pathname}${target.search}`, headers: { host: target.host } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type'] ?? ''), body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'swipegrid-s3-server-'));
  s3 = await startS3TestServer();
  // The demo site is seeded and published on the first start: a publish through the s3 driver.
  server = await startServer(loadConfig({ ...s3Environment(s3), DATA_DIR: dataDir, PORT: '0', SITE_PORT: '0', ADMIN_PASSWORD: 'Demo-pass1!' }), () => {});
});

afterAll(async () => {
  await server?.close();
  await s3?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('STORAGE_DRIVER=s3', () => {
  it('publishes into the bucket, and the site host serves the A1 page and its image from it', async () => {
    expect(server.demoSiteUrl).toBeTruthy();
    const base = server.demoSiteUrl!.replace(/\/$/, '');
    const page = await get(`${base}/A1`);
    expect(page.status).toBe(200);
    expect(page.type).toContain('text/html');
    const html = page.body.toString('utf8');
    const image = /\/media\/[0-9a-f]+\/[\w.-]+\.(?:webp|jpg|avif)/.exec(html)?.[0];
    expect(image).toBeTruthy();
    const served = await get(`${base}${image}`);
    expect(served.status).toBe(200);
    expect(served.type).toMatch(/^image\//);
    expect(served.body.byteLength).toBeGreaterThan(100);
    // Nothing went to the fs driver's folder.
    expect((await readdir(dataDir)).includes('storage')).toBe(false);
  });

  it('refuses to start on a bucket that does not exist, saying which setting to fix', async () => {
    const config = loadConfig({ ...s3Environment(s3), S3_BUCKET: 'no-such-bucket', DATA_DIR: path.join(dataDir, 'other'), PORT: '0', SITE_PORT: '0', SEED_DEMO: 'false' });
    await expect(startServer(config, () => {})).rejects.toThrow(/no-such-bucket.*does not exist; create it or fix S3_BUCKET/);
  });
});

describe('the s3 settings', () => {
  it('need a bucket and a region when the driver is s3, and both keys or neither', () => {
    expect(() => loadConfig({ STORAGE_DRIVER: 's3', S3_REGION: 'us-east-1' })).toThrow('Invalid setting S3_BUCKET: required when the storage driver is s3');
    expect(() => loadConfig({ STORAGE_DRIVER: 's3', S3_BUCKET: 'sites' })).toThrow(/Invalid setting S3_REGION/);
    expect(() => loadConfig({ STORAGE_DRIVER: 's3', S3_BUCKET: 'sites', S3_REGION: 'x', S3_ACCESS_KEY_ID: 'k' })).toThrow(/give both, or neither/);
    expect(() => loadConfig({ STORAGE_DRIVER: 's3', S3_BUCKET: 'Bad_Bucket', S3_REGION: 'x' })).toThrow(/Invalid setting S3_BUCKET: an S3 bucket name/);
    const config = loadConfig({ STORAGE_DRIVER: 's3', S3_BUCKET: 'sites', S3_REGION: 'eu-west-1', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_FORCE_PATH_STYLE: 'true', EXPORT_S3_BUCKET: 'exports' });
    expect(config.storage.s3).toEqual({ bucket: 'sites', region: 'eu-west-1', endpoint: 'http://127.0.0.1:9000', forcePathStyle: true });
    expect(config.exportStorage.s3?.bucket).toBe('exports');
    expect(loadConfig({}).storage.s3).toBeUndefined();
  });
});
