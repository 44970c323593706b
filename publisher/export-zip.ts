import { PassThrough, pipeline, Readable } from 'node:stream';
import yazl from 'yazl';
import type { ExportTree } from './export-tree.ts';

/** Already-compressed media would only cost CPU to deflate again. */
function worthCompressing(contentType: string): boolean {
  return /^(text\/|application\/(json|xml|javascript)|image\/svg)/.test(contentType);
}

/**
 * The tree as a ZIP, streamed: yazl asks for each file's bytes only when the previous file is
 * written out, and writes out only as fast as the returned stream is read, so at most one file
 * is held at a time whatever the size of the site. Every entry carries the version's time, so
 * two exports of one version are the same bytes. A file that cannot be read ends the stream
 * with that error (a download then fails rather than ending short).
 */
export function zipTree(tree: ExportTree): Readable {
  const zip = new yazl.ZipFile();
  const out = new PassThrough();
  // Either way: a reader that goes away stops yazl's pump, and a failed read ends the reader's stream.
  pipeline(zip.outputStream, out, () => {});
  zip.on('error', (error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  const mtime = new Date(tree.createdAt);
  for (const entry of tree.entries) {
    const options = { mtime, mode: 0o100644, compress: worthCompressing(entry.contentType), ...(entry.size === undefined ? {} : { size: entry.size }) };
    zip.addReadStreamLazy(entry.path, options, (done) => {
      entry.read().then(
        (body) => done(null, Readable.from([Buffer.from(body.buffer, body.byteOffset, body.byteLength)], { objectMode: false })),
        (error: unknown) => done(error, Readable.from([])),
      );
    });
  }
  zip.end();
  return out;
}
