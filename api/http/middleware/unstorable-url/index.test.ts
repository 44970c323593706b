import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageText } from '../../../../model/messages/text.ts';
import { createTestContext, type TestContext } from '../../../test-support.ts';

/**
 * A NUL or another control character in a path or a query is refused with a 400 and a keyed
 * message on every host, before any handler or database reads it (on PostgreSQL a NUL in a
 * query parameter was a 500; the fuzz runs it there too, api/http/fuzz.test.ts).
 */
let ctx: TestContext;
let siteId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  siteId = (await ctx.createSite({ name: 'Controls' })).id;
  await ctx.publish(siteId);
});
afterAll(() => ctx.cleanup());

async function expectRefused(response: Response, where: string): Promise<void> {
  expect(response.status, where).toBe(400);
  expect(response.headers.get('x-content-type-options'), where).toBe('nosniff');
  expect(await response.json(), where).toMatchObject({ code: 'bad_request', key: 'addressInvalidCharacters', message: messageText('addressInvalidCharacters', 'en') });
}

describe('control characters in a request address', () => {
  it('are refused on the admin origin, in the API path, its query and the console path', async () => {
    await expectRefused(await ctx.request(`/api/site/${siteId}%00`), 'NUL in an API path');
    await expectRefused(await ctx.request('/api/master/user/%00'), 'NUL as a whole id');
    await expectRefused(await ctx.request('/api/site?q=a%00b'), 'NUL in a query value');
    await expectRefused(await ctx.request('/api/site?%01=1'), 'a control character in a query name');
    await expectRefused(await ctx.request('/api/site?q=%7F'), 'DEL');
    await expectRefused(await ctx.request('/sites%0A'), 'a line feed in the console path');
  });

  it('are refused on a site origin, the shared site host and the preview host, unauthenticated', async () => {
    await expectRefused(await ctx.visit('/api/survey/%00/questions', { site: siteId }), 'the visitor API on a site origin');
    await expectRefused(await ctx.visit('/en/A1%00', { site: siteId }), 'a page path');
    await expectRefused(await ctx.visit('/?lang=%1F', { site: siteId }), 'a page query');
    await expectRefused(await ctx.visit(`/sites/${siteId}%00/`), 'the shared host');
    await expectRefused(await ctx.visit('/api/survey/%00/questions'), 'the visitor API on the shared host');
    await expectRefused(await ctx.visit(`/preview/${siteId}/token%00/`, { headers: { host: 'preview.localhost:3001' } }), 'the preview host');
  });

  it('answers in the caller’s language', async () => {
    const response = await ctx.visit('/api/survey/%00/questions', { site: siteId, headers: { 'accept-language': 'ko' } });
    expect(((await response.json()) as { message: string }).message).toBe(messageText('addressInvalidCharacters', 'kr'));
  });

  it('lets an escaped percent sign and any well-formed text through to the usual answers', async () => {
    expect((await ctx.request('/api/master/user/%2500')).status).toBe(404);
    expect((await ctx.request('/api/site?q=%E6%98%A5%20%F0%9F%91%9F')).status).toBe(200);
    expect((await ctx.visit('/en/A1', { site: siteId })).status).toBe(200);
    expect((await ctx.visit('/api/survey/%E6%98%A5/questions', { site: siteId })).status).toBe(404);
  });
});
