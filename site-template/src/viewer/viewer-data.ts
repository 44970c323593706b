import type { GridNeighbourhood, PageSite, ResolvedPage } from '../../../model/snapshot.ts';

/** What a page file hands the viewer. */
export type ViewerData = { site: PageSite; initialPage: ResolvedPage; neighbourhood: GridNeighbourhood; viewOnly?: true };

/** The id of the page's `<script type="application/json">` holding the viewer's data. */
export const VIEWER_DATA_ID = 'sg-viewer-data';

/**
 * The viewer's data as the server renders the island with it. Astro serializes an island's props
 * into an attribute (`\&quot;` for every quote) and hashes and escapes that string on every page;
 * a private field is not an own property, so the island's props carry `{}` and the data travels
 * once, as JSON in a script element the browser reads (docs/decisions.md, "Render per page").
 */
export class ServerViewerData {
  readonly #data: ViewerData;
  constructor(data: ViewerData) {
    this.#data = data;
  }
  get data(): ViewerData {
    return this.#data;
  }
}

/** JSON whose `<` cannot end a script element or open a comment. */
const scriptJson = (value: unknown): string => JSON.stringify(value).replaceAll('<', '\\u003c');

/**
 * The site's part of the text, per site object: a publish renders every page of a language with
 * the same `site`, which never changes once planned (docs/decisions.md, "Render per page").
 */
const siteJson = new WeakMap<PageSite, string>();

/**
 * The data as a script element's text, byte for byte `JSON.stringify(data)` with `<` escaped; the
 * site's part is written once per site object.
 */
export function viewerDataJson(data: ViewerData): string {
  let site = siteJson.get(data.site);
  if (site === undefined) {
    site = scriptJson(data.site);
    siteJson.set(data.site, site);
  }
  return `{"site":${site},"initialPage":${scriptJson(data.initialPage)},"neighbourhood":${scriptJson(data.neighbourhood)}${data.viewOnly ? ',"viewOnly":true' : ''}}`;
}

/** In the browser: the data the server wrote into the page. */
export function readViewerData(): ViewerData {
  return JSON.parse(document.getElementById(VIEWER_DATA_ID)?.textContent ?? 'null') as ViewerData;
}
