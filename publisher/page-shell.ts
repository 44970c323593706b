import type { PagePieces } from '../model/page-pieces.ts';

/**
 * A viewer page's bytes around its pieces (model/page-pieces.ts): the five stretches before, between
 * and after them, encoded once. The same for every page of one site object.
 */
export type PageShell = readonly Uint8Array[];

const decoder = new TextDecoder();
const encoder = new TextEncoder();

/**
 * The shell of a page Astro rendered whole, found by cutting that page's own pieces out of it, each
 * searched after the previous one (the island's uid and HTML inside its `<astro-island>` element).
 * Null when a piece is not where the page holds it: that site's pages are then rendered whole.
 */
export function pageShell(page: Uint8Array, pieces: PagePieces): PageShell | null {
  const html = decoder.decode(page);
  const head = html.indexOf(pieces.head);
  const data = head < 0 ? -1 : html.indexOf(pieces.data, head + pieces.head.length);
  const islandTag = `<astro-island uid="${pieces.uid}"`;
  const uid = data < 0 ? -1 : html.indexOf(islandTag, data + pieces.data.length);
  const island = uid < 0 ? -1 : html.indexOf(`>${pieces.island}<!--astro:end--></astro-island>`, uid + islandTag.length);
  if (island < 0) return null;
  const cuts = [
    [head, pieces.head],
    [data, pieces.data],
    [uid + islandTag.length - pieces.uid.length - 1, pieces.uid],
    [island + 1, pieces.island],
  ] as const;
  const parts: Uint8Array[] = [];
  let from = 0;
  for (const [at, piece] of cuts) {
    parts.push(encoder.encode(html.slice(from, at)));
    from = at + piece.length;
  }
  parts.push(encoder.encode(html.slice(from)));
  return parts;
}

/**
 * A viewer page from its site's shell and its own pieces: only the pieces are encoded, straight into
 * the page's buffer; the shell's stretches (the inline CSS and Astro's island script among them) are copied.
 */
export function splicePage(shell: PageShell, pieces: PagePieces): Uint8Array<ArrayBuffer> {
  const texts = [pieces.head, pieces.data, pieces.uid, pieces.island];
  let size = 0;
  for (const part of shell) size += part.byteLength;
  for (const text of texts) size += Buffer.byteLength(text, 'utf8');
  const page = new Uint8Array(size);
  let offset = 0;
  for (const [index, part] of shell.entries()) {
    page.set(part, offset);
    offset += part.byteLength;
    const text = texts[index];
    if (text !== undefined) offset += encoder.encodeInto(text, page.subarray(offset)).written;
  }
  return page;
}

type RenderedPage = { body: Uint8Array; pieces: PagePieces };

/**
 * The shell cut from `second`, kept only if splicing `first`'s pieces into it gives `first`'s
 * whole render: a template whose viewer page came to depend on its page outside the pieces would
 * otherwise copy one page's part into every other page. Null: render that site's pages whole.
 */
export function checkedShell(second: RenderedPage, first: RenderedPage): PageShell | null {
  const shell = pageShell(second.body, second.pieces);
  if (!shell) return null;
  const again = splicePage(shell, first.pieces);
  return Buffer.from(again.buffer).equals(first.body) ? shell : null;
}
