import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiDocumentSchema } from '../../model/contracts/openapi-document.ts';
import { inlineScriptHashes } from '../admin-shell.ts';
import { createTestContext, type TestContext } from '../test-support.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.cleanup());

const anonymous = { headers: { cookie: '' } };

describe('the API describing itself', () => {
  it('answers its OpenAPI document to anyone, with the introduction for this origin', async () => {
    const response = await ctx.request('/api/openapi.json', anonymous);
    expect(response.status).toBe(200);
    const document = openApiDocumentSchema.parse(await response.json());
    expect(document.info.description).toContain('http://localhost:3000/api/auth/login');
    expect(document.paths['/api/site/{id}/publish']).toBeDefined();
  });

  it('serves the reference page with its viewer from this origin, under the admin CSP', async () => {
    const response = await ctx.request('/api/reference', anonymous);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    const html = await response.text();
    expect(html).toContain('<script src="/api/reference/viewer.js"');
    expect(html).toContain('"url": "/api/openapi.json"');
    expect(html).not.toMatch(/https?:\/\//);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain(`script-src 'self' ${inlineScriptHashes(html)};`);
    expect(csp).toContain("connect-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
  });

  it('serves the viewer script compressed, and 304 once the browser has it', async () => {
    const response = await ctx.request('/api/reference/viewer.js', { headers: { cookie: '', 'accept-encoding': 'gzip' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(response.headers.get('content-type')).toContain('text/javascript');
    const etag = response.headers.get('etag') ?? '';
    await response.arrayBuffer();
    const plain = await ctx.request('/api/reference/viewer.js', anonymous);
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect((await plain.text()).length).toBeGreaterThan(1_000_000);
    const again = await ctx.request('/api/reference/viewer.js', { headers: { cookie: '', 'if-none-match': etag } });
    expect(again.status).toBe(304);
  });
});
