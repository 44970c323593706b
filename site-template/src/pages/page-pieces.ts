import preactRenderer from '@astrojs/preact/server.js';
import { serializeProps } from 'astro/runtime/server/serialize.js';
import { shorthash } from 'astro/runtime/server/shorthash.js';
import type { PagePieces } from '../../../model/page-pieces.ts';
import type { RenderLocals } from '../../../model/snapshot.ts';
import { headTags } from '../head/head-tags.ts';
import { ServerViewerData, viewerDataJson, type ViewerData } from '../viewer/viewer-data.ts';
import Viewer from '../viewer/Viewer.tsx';

/** The island's metadata as Astro builds it for `<Viewer client:idle … />`: only its export and path reach the bytes. */
const VIEWER_METADATA = {
  displayName: 'Viewer',
  hydrate: 'idle',
  hydrateArgs: { timeout: 500 },
  componentUrl: VIEWER_COMPONENT_PATH,
  componentExport: { value: 'default' },
  astroStaticSlot: true,
} as const;

/**
 * A viewer page's own parts (model/page-pieces.ts), made by the code Astro runs for them: the
 * head's and data's functions the page calls, `@astrojs/preact`'s server renderer with a fresh
 * render context (so the island is the page's first, id 0, as in a page render), and Astro's
 * `shorthash` of the text its island `uid` hashes. Null for a page that is not a viewer page.
 */
export async function pagePieces(locals: RenderLocals): Promise<PagePieces | null> {
  const { site, page, neighbourhood, screen, viewOnly } = locals;
  if (screen || !page || !neighbourhood) return null;
  const viewerData: ViewerData = { site, initialPage: page, neighbourhood, ...(viewOnly ? { viewOnly } : {}) };
  const props = { data: new ServerViewerData(viewerData) };
  const { html } = await preactRenderer.renderToStaticMarkup.call({ result: {} }, Viewer, props, {}, VIEWER_METADATA);
  const uid = shorthash(`<!--${VIEWER_METADATA.componentExport.value}:${VIEWER_METADATA.componentUrl}-->\n${html}\n${serializeProps(props, VIEWER_METADATA)}`);
  return { head: headTags(site, page, neighbourhood), data: viewerDataJson(viewerData), uid, island: html };
}
