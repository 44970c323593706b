import { describe, expect, it } from 'vitest';
import { siteDraftSchema } from '../model/draft.ts';
import { mediaUrl } from '../model/media-url.ts';
import type { MediaMap } from '../model/snapshot.ts';
import { mediaUrlsOf, type PreparedMedia } from './media.ts';
import { buildSnapshot } from './snapshot.ts';
import type { SiteAddress } from '../model/site-address.ts';

const SITE = 'site_1';
const ADDRESS: SiteAddress = { origin: 'http://localhost:3001', basePath: `/sites/${SITE}/`, prefix: '' };
const upload = (id: string) => mediaUrl(SITE, id);
const image = (src: string) => ({ kind: 'image' as const, image: { src, width: 100, height: 100, sources: [{ type: 'image/webp', srcset: `${src} 100w` }] } });

function draftWith(content: Record<string, unknown>) {
  return siteDraftSchema.parse({
    id: SITE,
    status: 'draft',
    settings: { name: 'Site', defaultLanguage: 'jp', languages: ['jp'] },
    translations: {},
    creatives: [{ id: 'c1', columnIndex: 0, name: {}, pages: [{ id: 'p1', row: 1, content, translations: {} }] }],
    media: [],
  });
}

describe('buildSnapshot: the media a page element uses', () => {
  const content = {
    detail: { imageUrl: upload('main') },
    buttons: [{ id: 'b1', buttonType: 'media', buttonImageUrl: upload('button') }],
    products: [{ id: 'p1', imagePath: upload('product') }],
    backgroundMusic: upload('music'),
  };
  const entries: MediaMap = {
    [upload('main')]: image('/media/aaa/main.jpg'),
    [upload('button')]: image('/media/bbb/button.jpg'),
    [upload('product')]: image('/media/ccc/product.jpg'),
    [upload('music')]: { kind: 'video', video: { src: '/media/ddd/video.mp4', type: 'video/mp4' } },
  };
  const media: PreparedMedia = { entries, thumbnails: {}, keys: [], made: 0, reused: 0 };

  it('asks for the derivatives of button images, product images and the background music', () => {
    expect(mediaUrlsOf(draftWith(content))).toEqual([upload('main'), upload('button'), upload('product'), upload('music')]);
  });

  it('gives the page public URLs for them, never an upload address, and carries their media entries', () => {
    const { pages } = buildSnapshot(draftWith(content), 'jp', media, ADDRESS);
    const page = pages[0]!;
    expect(page.content?.buttons[0]?.buttonImageUrl).toBe('/media/bbb/button.jpg');
    expect(page.content?.products[0]?.imagePath).toBe('/media/ccc/product.jpg');
    expect(page.content?.backgroundMusic).toBe('/media/ddd/video.mp4');
    expect(Object.keys(page.media).sort()).toEqual(['/media/aaa/main.jpg', '/media/bbb/button.jpg', '/media/ccc/product.jpg', '/media/ddd/video.mp4']);
    expect(JSON.stringify(page)).not.toContain('/api/site/');
  });

  it('keeps a page without music without it', () => {
    const { pages } = buildSnapshot(draftWith({ detail: { imageUrl: upload('main') } }), 'jp', media, ADDRESS);
    expect(pages[0]!.content?.backgroundMusic).toBeUndefined();
  });
});
