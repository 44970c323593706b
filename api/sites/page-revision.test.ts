import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SiteView } from '../../model/site-view.ts';
import { createTestContext, type TestContext } from '../test-support.ts';

let ctx: TestContext;

beforeEach(async () => {
  ctx = await createTestContext();
});

afterEach(async () => {
  await ctx.cleanup();
});

type PageView = SiteView['creatives'][number]['pages'][number];

async function pageIn(siteId: string, lang: string, position = 'A1'): Promise<PageView> {
  const response = await ctx.request(`/api/site/${siteId}?lang=${lang}`);
  const view = (await response.json()) as SiteView;
  const page = view.creatives.flatMap((creative) => creative.pages).find((candidate) => candidate.position === position);
  if (!page) throw new Error(`no page at ${position}`);
  return page;
}

function save(siteId: string, pageId: string, lang: string, body: Record<string, unknown>): Promise<Response> {
  return ctx.request(`/api/site/${siteId}/page/${pageId}?lang=${lang}`, { method: 'PUT', json: body });
}

describe('a page save from a stale revision', () => {
  it('is refused with pageChangedElsewhere, and what the other editor saved stays', async () => {
    const site = await ctx.createSite({ languages: ['jp', 'en'] });
    const opened = await pageIn(site.id, 'jp');
    // Two tabs opened the same page; the first saves.
    const first = await save(site.id, opened.id, 'jp', { detail: { mainText: '一つ目のタブ' }, baseRevision: opened.revision });
    expect(first.status).toBe(200);
    const saved = ((await first.json()) as { page: PageView }).page;
    expect(saved.revision).not.toBe(opened.revision);
    // The second still holds the revision it opened.
    const second = await save(site.id, opened.id, 'jp', { detail: { mainText: '二つ目のタブ' }, baseRevision: opened.revision });
    expect(second.status).toBe(400);
    expect(await second.json()).toMatchObject({ code: 'conflict', key: 'pageChangedElsewhere' });
    expect((await pageIn(site.id, 'jp')).detail.mainText).toBe('一つ目のタブ');
    // From the revision the first save answered, the next save goes through.
    expect((await save(site.id, opened.id, 'jp', { detail: { mainText: '続き' }, baseRevision: saved.revision })).status).toBe(200);
  });

  it('is refused across languages: an English save makes the Japanese editor’s revision stale', async () => {
    const site = await ctx.createSite({ languages: ['jp', 'en'] });
    const japanese = await pageIn(site.id, 'jp');
    const english = await pageIn(site.id, 'en');
    expect(english.revision).toBe(japanese.revision);
    expect((await save(site.id, english.id, 'en', { detail: { mainText: 'English body' }, baseRevision: english.revision })).status).toBe(200);
    const stale = await save(site.id, japanese.id, 'jp', { detail: { mainText: '日本語' }, baseRevision: japanese.revision });
    expect(await stale.json()).toMatchObject({ key: 'pageChangedElsewhere' });
    expect((await pageIn(site.id, 'en')).detail.mainText).toBe('English body');
  });

  it('lets exactly one of several parallel saves from one revision win', async () => {
    const site = await ctx.createSite();
    const opened = await pageIn(site.id, 'jp');
    const answers = await Promise.all(Array.from({ length: 6 }, (_, tab) => save(site.id, opened.id, 'jp', { detail: { mainText: `タブ${tab}` }, baseRevision: opened.revision })));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 400)).toHaveLength(5);
    const winner = statuses.indexOf(200);
    expect((await pageIn(site.id, 'jp')).detail.mainText).toBe(`タブ${winner}`);
  });

  it('is not checked without a baseRevision: an API client that sends none has the last word', async () => {
    const site = await ctx.createSite();
    const opened = await pageIn(site.id, 'jp');
    expect((await save(site.id, opened.id, 'jp', { detail: { mainText: '一' } })).status).toBe(200);
    expect((await save(site.id, opened.id, 'jp', { detail: { mainText: '二' } })).status).toBe(200);
    expect((await pageIn(site.id, 'jp')).detail.mainText).toBe('二');
  });

  it('keeps a revision when a save changed nothing, so other editors may still save', async () => {
    const site = await ctx.createSite();
    const opened = await pageIn(site.id, 'jp');
    const same = await save(site.id, opened.id, 'jp', { ...stripView(opened), baseRevision: opened.revision });
    expect(((await same.json()) as { page: PageView }).page.revision).toBe(opened.revision);
    expect((await save(site.id, opened.id, 'jp', { detail: { mainText: '他のタブ' }, baseRevision: opened.revision })).status).toBe(200);
  });
});

/** The page's content as the editor's form holds it: the view without its place in the grid. */
function stripView(page: PageView): Record<string, unknown> {
  const { id: _id, row: _row, position: _position, revision: _revision, ...content } = page;
  return content;
}
