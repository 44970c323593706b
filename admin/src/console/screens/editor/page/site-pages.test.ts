import { describe, expect, it } from 'vitest';
import { pageContentSchema } from '../../../../../../model/page.ts';
import { siteViewSchema } from '../../../../../../model/site-view.ts';
import { allPages, withSavedPage } from './site-pages.ts';

const page = (id: string, row: number, position: string) => ({ ...pageContentSchema.parse({}), id, row, position, revision: `r-${id}` });

describe('the pages of the edited site', () => {
  const column = (id: string, columnIndex: number, pages: ReturnType<typeof page>[]) => ({ id, columnIndex, letters: id, name: '', pages });
  const site = siteViewSchema.parse({
    id: 's1',
    status: 'draft',
    lang: 'en',
    liveVersion: null,
    settings: { name: 'Shop' },
    creatives: [column('A', 0, [page('a1', 1, 'A1'), page('a2', 2, 'A2')]), column('B', 1, [page('b1', 1, 'B1')])],
    media: [],
  });

  it('lists every page column by column', () => {
    expect(allPages(site).map((p) => p.position)).toEqual(['A1', 'A2', 'B1']);
  });

  it('takes in the page a save answered, leaving the others and the given site untouched', () => {
    const saved = { ...page('a2', 2, 'A2'), membersOnlyLock: true };
    const next = withSavedPage(site, saved);
    expect(allPages(next).find((p) => p.id === 'a2')).toBe(saved);
    expect(allPages(next)[0]).toBe(allPages(site)[0]);
    expect(next.creatives[1]?.pages[0]).toBe(site.creatives[1]?.pages[0]);
    expect(allPages(site)[1]?.membersOnlyLock).toBe(false);
  });
});
