import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadSiteDraft } from '../api/sites/load-site-draft.ts';
import { audioBytes, createTestContext, mp4Bytes, pngBytes, testRenderer, type TestContext } from '../api/test-support.ts';
import type { Language } from '../model/language.ts';
import type { PagePieces } from '../model/page-pieces.ts';
import type { RenderLocals } from '../model/snapshot.ts';
import { checkedShell, splicePage } from './page-shell.ts';
import { publishSite } from './publish.ts';
import { loadRenderer, type Renderer } from './renderer.ts';

// A viewer page spliced into its site's shell (page-shell.ts) must be the page Astro renders whole.

const LANGUAGES: readonly Language[] = ['jp', 'en', 'cn', 'kr'];
/** What an owner may type, and what would break out of an attribute, a text, a script element or a comment if it were written raw. */
const HOSTILE = `"><script>alert(1)</script><!-- & 'x' <b>`;

let ctx: TestContext;
let splicing: Renderer;
let whole: Renderer;
beforeAll(async () => {
  splicing = await testRenderer();
  whole = await loadRenderer(undefined, { splice: false });
});
beforeEach(async () => {
  ctx = await createTestContext();
});
afterEach(async () => {
  await ctx.cleanup();
});

/**
 * A 3 × 3 site in four languages with every kind of page element: image with alt, main text and
 * price, text/media/HTML buttons with microcopy and every link type, link areas, products, music,
 * the page's social links and company tabs, a video page, a members-only page, a custom path, an
 * empty page; owner texts (the site's name too) carry `HOSTILE`, except the HTML button, whose HTML is the owner's by design.
 */
async function everyKindSite(): Promise<string> {
  const view = await ctx.createSite({ name: `Shop ${HOSTILE}`, numberHorizontal: 3, numberVertical: 3, defaultLanguage: 'jp', languages: [...LANGUAGES] });
  const image = await ctx.uploadMedia(view.id, await pngBytes(60, 90, '#336699'), 'photo.png');
  const other = await ctx.uploadMedia(view.id, await pngBytes(90, 60, '#993366'), 'other.png');
  const video = await ctx.uploadMedia(view.id, await mp4Bytes(), 'clip.mp4');
  const music = await ctx.uploadAudio(view.id, await audioBytes('mp3'), 'tone.mp3');
  const put = await ctx.request(`/api/site/${view.id}`, {
    method: 'PUT',
    json: { seo: { h1: 'Spring shop', description: 'About the shop' }, displayAlbum: true },
  });
  expect(put.status, await put.clone().text()).toBe(200);
  const pages = Object.fromEntries(view.creatives.flatMap((creative) => creative.pages.map((page) => [page.position, page.id])));
  const rich = (lang: Language, position: string) => ({
    detail: { imageUrl: image.url, imageAlt: `${lang} ${HOSTILE}`, mainText: `${position} ${lang}\n${HOSTILE}`, mainTextX: 24, mainTextY: 140, price: `¥1,000 ${HOSTILE}`, hoverArrowColor: 'black' },
    buttons: [
      {
        id: 'b-text',
        buttonText: `Buy ${HOSTILE}`,
        microcopyText: `Now ${HOSTILE}`,
        linkDestinationUrl: 'https://example.com/?a=1&b="2"',
        buttonAnimation: 'PULSE',
        buttonShape: 'square',
        textAlign: 'top',
      },
      { id: 'b-media', buttonType: 'media', buttonImageUrl: other.url, buttonLinkType: 'page', linkDestinationUrl: '2', buttonPositionTop: 300 },
      { id: 'b-html', buttonType: 'html', buttonContentHtml: '<em>HTML button</em>', buttonLinkType: 'internal', linkDestinationUrl: 'contact', buttonPositionTop: 400 },
      { id: 'b-script', buttonText: 'Script', buttonLinkType: 'script', linkDestinationUrl: `console.log("${HOSTILE}")`, buttonPositionTop: 500, isFixedPosition: true },
      { id: 'b-none', buttonText: 'None', buttonLinkType: 'none', buttonPositionTop: 560, buttonAnimation: 'GLITCH' },
    ],
    links: [
      { id: 'l-ext', linkDestinationUrl: 'https://example.com/"x"', positionLeft: 10, positionTop: 10 },
      { id: 'l-page', linkType: 'page', linkDestinationUrl: '3', positionLeft: 100, positionTop: 10 },
    ],
    products: [{ id: 'p1', productName: `Bag ${HOSTILE}`, imagePath: other.url, price: '¥5', description: HOSTILE, linkButtonUrl: 'https://example.com/bag', linkButtonText: `Buy ${HOSTILE}` }],
    backgroundMusic: music.url,
    snsConfig: { display: true, sns: [{ snsType: 'x', snsUrl: 'https://x.com/shop' }] },
    showCompany: true,
  });
  for (const lang of LANGUAGES) {
    for (const position of ['A1', 'B1', 'C1', 'A3', 'B3']) await ctx.writePage(view.id, pages[position]!, lang, rich(lang, position));
    await ctx.writePage(view.id, pages.A2!, lang, { detail: { imageUrl: video.url, mainText: `Video ${HOSTILE}` } });
    await ctx.writePage(view.id, pages.B2!, lang, { membersOnlyLock: true, detail: { imageUrl: image.url, mainText: 'members' } });
    await ctx.writePage(view.id, pages.C2!, lang, { customPath: 'spring-sale', detail: { imageUrl: other.url, mainText: `Sale ${HOSTILE}` } });
    // C3 stays empty: a page without content.
  }
  return view.id;
}

/** Publishes the site with the splicing renderer, keeping each render's locals and what it made. */
async function publishRecording(siteId: string) {
  const renders: { locals: RenderLocals; body: Uint8Array; status: number; spliced: boolean }[] = [];
  const recording: Renderer = {
    ...splicing,
    async renderPage(locals) {
      const page = await splicing.renderPage(locals);
      renders.push({ locals, ...page });
      return page;
    },
  };
  await publishSite(await loadSiteDraft(ctx.db, siteId), { storage: ctx.storage, renderer: recording });
  return renders;
}

describe('a viewer page spliced into its page shell', () => {
  it('is byte for byte the page Astro renders whole, for every page of a site with every kind of element, in all four languages', async () => {
    const renders = await publishRecording(await everyKindSite());
    const viewerPages = renders.filter(({ locals }) => locals.page && !locals.screen);
    // Nine pages in four languages; in each language the first two are rendered whole (the second cut into the shell), the other seven spliced.
    expect(viewerPages).toHaveLength(36);
    for (const lang of LANGUAGES)
      expect(
        viewerPages.filter(({ locals, spliced }) => locals.site.lang === lang && spliced),
        lang,
      ).toHaveLength(7);
    for (const { locals, body, status } of renders) {
      const reference = await whole.renderPage(locals);
      expect(status, `${locals.site.lang} ${locals.page?.position ?? locals.screen ?? 'not found'}`).toBe(reference.status);
      expect(Buffer.from(body).equals(Buffer.from(reference.body)), `${locals.site.lang} ${locals.page?.position ?? locals.screen ?? 'not found'}`).toBe(true);
    }
  });

  it('writes owner texts escaped as the renderer escapes them: none can close the data script or open an element', async () => {
    const renders = await publishRecording(await everyKindSite());
    const spliced = renders.filter((render) => render.spliced);
    expect(spliced.length).toBeGreaterThan(0);
    for (const { body, locals } of spliced) {
      const html = new TextDecoder().decode(body);
      const [head = '', page = ''] = html.split('</head>');
      // In the head, texts are escaped whole and attribute values in their quotes (where `<` opens nothing).
      expect(head).toContain(`<title>Shop &quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;!-- &amp; &#39;x&#39; &lt;b&gt;</title>`);
      expect(head).toContain(`<meta property="og:site_name" content="Shop &quot;><script>alert(1)</script><!-- &amp; 'x' <b>">`);
      expect(page, locals.page?.position).not.toContain('<script>alert(1)');
      expect(page).not.toContain('<b>');
      // The data script's JSON writes every `<` as \u003c: nothing in it closes the element.
      const opening = '<script type="application/json" id="sg-viewer-data">';
      const data = page.slice(page.indexOf(opening) + opening.length);
      expect(data.slice(0, data.indexOf('</script>'))).not.toContain('<');
      expect(data.slice(0, data.indexOf('</script>'))).toContain('\\u003cscript>alert(1)');
    }
  });
});

/** A page laid out as the template lays out a viewer page, `extra` standing for anything else that would depend on the page. */
function viewerPage(pieces: PagePieces, extra = ''): Uint8Array {
  const html = `<!DOCTYPE html><html lang="ja"><head><meta charset="utf-8">${pieces.head}<style>.sg{}</style></head><body>${extra}<script type="application/json" id="sg-viewer-data">${pieces.data}</script><astro-island uid="${pieces.uid}" ssr>${pieces.island}<!--astro:end--></astro-island></body></html>`;
  return new TextEncoder().encode(html);
}
const piecesOf = (name: string): PagePieces => ({ head: `<title>${name} 春</title>`, data: `{"page":"${name}"}`, uid: `u${name}`, island: `<div>${name} 日本語</div>` });

describe('the shell cut from a second page and checked against the first', () => {
  it('is kept when the first page spliced into it is that page, and splices a third page as the template would lay it out', () => {
    const [a, b, c] = ['A', 'B', 'C'].map(piecesOf) as [PagePieces, PagePieces, PagePieces];
    const shell = checkedShell({ body: viewerPage(b), pieces: b }, { body: viewerPage(a), pieces: a });
    expect(shell).not.toBeNull();
    expect(Buffer.from(splicePage(shell!, c)).equals(viewerPage(c))).toBe(true);
  });

  it('is refused when the pages differ outside their pieces, so no page gets another page’s part', () => {
    const [a, b] = ['A', 'B'].map(piecesOf) as [PagePieces, PagePieces];
    expect(checkedShell({ body: viewerPage(b, '<p>B</p>'), pieces: b }, { body: viewerPage(a, '<p>A</p>'), pieces: a })).toBeNull();
  });

  it('is refused when a piece is not in the page', () => {
    const [a, b] = ['A', 'B'].map(piecesOf) as [PagePieces, PagePieces];
    expect(checkedShell({ body: viewerPage(b), pieces: { ...b, island: '<div>elsewhere</div>' } }, { body: viewerPage(a), pieces: a })).toBeNull();
  });
});
