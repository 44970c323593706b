import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { PagePieces } from '../model/page-pieces.ts';
import { pageSiteSchema, type PageSite, type RenderLocals } from '../model/snapshot.ts';
import { companyInfoSchema, seoSchema } from '../model/site.ts';
import { checkedShell, type PageShell, splicePage } from './page-shell.ts';
import { withoutIslandStyle } from './island-style.ts';

/** Where `npm run build` leaves the built viewer. */
export const TEMPLATE_DIST = fileURLToPath(new URL('../site-template/dist/', import.meta.url));

export type ClientAsset = { key: string; body: Uint8Array };
export type Renderer = {
  /**
   * The UTF-8 HTML of one page file, and whether it is a found page (200) or the not-found page.
   * Bytes, as Astro made them (read as text they were decoded and encoded again for storage), or
   * `spliced` from the site's page shell and the page's own pieces, the same bytes (publisher/page-shell.ts).
   */
  renderPage(locals: RenderLocals): Promise<{ status: number; body: Uint8Array<ArrayBuffer>; spliced: boolean }>;
  /** The template's content-hashed client files, stored once under `_astro/`. */
  clientAssets: ClientAsset[];
  /**
   * Which build of the template renders: the hash of its inputs that the build stamps into dist/
   * (scripts/build-template.ts). A page rendered by another build is rendered again.
   */
  buildId: string;
};

/** A build from before the splice has no `pagePieces`: its pages are all rendered whole. */
type BuiltEntry = { render(request: Request, locals: object): Promise<Response>; pagePieces?(locals: RenderLocals): Promise<PagePieces | null> };

/**
 * `splice: false` renders every page whole through Astro, the reference the splice is tested against.
 */
export type RendererOptions = { splice?: boolean };

/**
 * Loads the built viewer. Rendering needs no Vite: the entry is plain JavaScript that Astro
 * produced at build time. Throws a clear error when the template was never built.
 *
 * @example const renderer = await loadRenderer(); const { body } = await renderer.renderPage(locals);
 */
export async function loadRenderer(distDir: string = TEMPLATE_DIST, options: RendererOptions = {}): Promise<Renderer> {
  const entryFile = join(distDir, 'server', 'entry.mjs');
  let entry: BuiltEntry;
  try {
    entry = (await import(pathToFileURL(entryFile).href)) as BuiltEntry;
  } catch (error) {
    throw new Error(`The site template is not built (${entryFile}); run \`npm run build\`.`, { cause: error });
  }
  // Astro imports a page's chunks on its first render; rendering once now loads them all, so a
  // rebuild of dist/ while this process runs cannot pull files from under a later publish.
  await entry.render(new Request('http://render.local/'), { site: WARM_UP_SITE, page: null, neighbourhood: null, assetOrigin: '' } satisfies RenderLocals);
  const clientDir = join(distDir, 'client');
  const clientAssets: ClientAsset[] = [];
  for (const name of await readdir(join(clientDir, '_astro')).catch(() => [] as string[])) {
    clientAssets.push({ key: `_astro/${name}`, body: await readFile(join(clientDir, '_astro', name)) });
  }
  // A dist/ built by hand has no stamp: its content-hashed asset names and its entry still tell builds apart.
  const stamp = await readFile(join(distDir, '.build-hash'), 'utf8').catch(() => null);
  const buildId =
    stamp?.trim() ||
    createHash('sha256')
      .update(clientAssets.map((asset) => asset.key).join('\n'))
      .update(await readFile(entryFile))
      .digest('hex');
  // A viewer page is its site's shell with the page's own pieces spliced in: the shell is cut from
  // the second viewer page Astro renders whole for one site object and checked against the first
  // (the publish plans one site object per language and never changes it; a preview's renders once,
  // and cutting would be wasted), so the head, CSS and island script are not rendered and encoded
  // per page (docs/decisions.md, "Render per page, splice"). `first`: one viewer page rendered so
  // far; false: no shell for that site object, its pages are rendered whole.
  const splice = options.splice === false ? undefined : entry.pagePieces;
  const shells = new WeakMap<PageSite, PageShell | { first: { locals: RenderLocals; body: Uint8Array } } | false>();
  return {
    clientAssets,
    buildId,
    async renderPage(locals) {
      const state = shells.get(locals.site);
      const pieces = splice && state !== undefined && state !== false ? await splice(locals) : null;
      if (pieces && Array.isArray(state)) return { status: 200, body: splicePage(state, pieces), spliced: true };
      const response = await entry.render(new Request('http://render.local/'), locals);
      const body = withoutIslandStyle(await bodyBytes(response));
      if (splice && response.status === 200 && locals.page && !locals.screen) {
        if (state === undefined) shells.set(locals.site, { first: { locals, body } });
        else if (pieces && state && 'first' in state) {
          const firstPieces = await splice(state.first.locals);
          const shell = firstPieces && checkedShell({ body, pieces }, { body: state.first.body, pieces: firstPieces });
          shells.set(locals.site, shell ?? false);
        }
      }
      return { status: response.status, body, spliced: false };
    },
  };
}

/**
 * A response's bytes as they were handed over. Astro gives the Response its encoded page whole, and
 * the stream yields it as one chunk, taken as it is; arrayBuffer() gathered and copied it again
 * (about 24 µs of a 0.75 ms render). Not bytes(): @hono/node-server replaces the global Response
 * with a class of its own that lacks it.
 */
async function bodyBytes(response: Response): Promise<Uint8Array<ArrayBuffer>> {
  const reader = response.body?.getReader();
  const chunks: Uint8Array[] = [];
  for (let read = await reader?.read(); read && !read.done; read = await reader?.read()) chunks.push(read.value);
  const only = chunks.length === 1 ? chunks[0] : undefined;
  if (only && only.buffer instanceof ArrayBuffer && only.byteOffset === 0 && only.byteLength === only.buffer.byteLength) return new Uint8Array(only.buffer);
  const body = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0));
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

const WARM_UP_SITE = pageSiteSchema.parse({
  siteId: 'warm-up',
  lang: 'en',
  defaultLanguage: 'en',
  languages: ['en'],
  origin: 'http://render.local',
  basePath: '/',
  name: 'warm-up',
  viewMode: 'MOBILE',
  displayLanguageIcon: false,
  displayGlobalMenu: false,
  displayPageCount: false,
  displayAlbum: false,
  swipeRedirection: true,
  autoAttachUrlParam: true,
  sns: [],
  seo: seoSchema.parse({}),
  company: companyInfoSchema.parse({}),
  poweredBy: false,
  gridPath: '',
});
