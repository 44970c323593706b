/**
 * Astro writes its islands' one CSS rule as a `<style>` just before the first island, in the
 * body, where HTML allows no `<style>` (html-validate: element-permitted-content). The rule is in
 * the viewer's stylesheet, in the head (site-template/src/viewer/viewer.css); this takes Astro's
 * copy out of a rendered page's bytes, without decoding them.
 */
const ISLAND_STYLE = Buffer.from('<style>astro-island,astro-slot,astro-static-slot{display:contents}</style>');

/** The page without Astro's island `<style>`; the same bytes when it has none. */
export function withoutIslandStyle(page: Uint8Array<ArrayBuffer>): Uint8Array<ArrayBuffer> {
  const at = Buffer.from(page.buffer, page.byteOffset, page.byteLength).indexOf(ISLAND_STYLE);
  if (at < 0) return page;
  const out = new Uint8Array(page.byteLength - ISLAND_STYLE.byteLength);
  out.set(page.subarray(0, at));
  out.set(page.subarray(at + ISLAND_STYLE.byteLength), at);
  return out;
}
