import { createWriteStream } from 'node:fs';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createInflateRaw } from 'node:zlib';
import yauzl from 'yauzl';
import { ZIP_LIMITS } from '../../model/bulk-upload.ts';
import { AppError } from '../http/errors.ts';

/** Natural order of names, so `2.jpg` comes before `10.jpg`. */
const byName = (a: { fileName: string }, b: { fileName: string }) => a.fileName.localeCompare(b.fileName, undefined, { numeric: true, sensitivity: 'base' });

/** The refusal of an archive that inflates past the limits: the whole ZIP is refused. */
const zipBomb = () => new AppError('bad_request', 'zipBomb', { values: { maxMb: ZIP_LIMITS.maxInflatedBytes / 1024 / 1024, ratio: ZIP_LIMITS.maxRatio } });

/** Folders and the files archivers add by themselves (`__MACOSX/`, `.DS_Store`), passed over unnamed. */
export function isNoise(entry: yauzl.Entry): boolean {
  const base = entry.fileName.split('/').pop() ?? '';
  return entry.fileName.endsWith('/') || base === '' || base.startsWith('.') || entry.fileName.startsWith('__MACOSX/');
}

/**
 * Opens a ZIP on disk and lists its entries from the central directory, in the order of their
 * names. Nothing is inflated yet; a file that is no ZIP, or lists more entries than allowed, is
 * refused here.
 */
export async function openZip(path: string, name: string): Promise<{ zip: yauzl.ZipFile; entries: yauzl.Entry[] }> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) => {
    // Sizes are checked by inflateEntry itself, against more than the headers.
    yauzl.open(path, { lazyEntries: true, autoClose: false, validateEntrySizes: false, strictFileNames: false }, (error, opened) => {
      if (error || !opened) reject(new AppError('bad_request', 'zipNotAZip', { values: { file: name } }));
      else resolve(opened);
    });
  });
  if (zip.entryCount > ZIP_LIMITS.maxEntries) {
    zip.close();
    throw new AppError('bad_request', 'zipTooManyEntries', { values: { max: ZIP_LIMITS.maxEntries } });
  }
  try {
    const entries = await new Promise<yauzl.Entry[]>((resolve, reject) => {
      const listed: yauzl.Entry[] = [];
      zip.on('entry', (entry: yauzl.Entry) => {
        listed.push(entry);
        zip.readEntry();
      });
      zip.on('end', () => resolve(listed));
      zip.on('error', () => reject(new AppError('bad_request', 'zipNotAZip', { values: { file: name } })));
      zip.readEntry();
    });
    return { zip, entries: entries.sort(byName) };
  } catch (error) {
    zip.close();
    throw error;
  }
}

/** Inflated bytes of the whole archive so far, shared by its entries. */
export type InflateBudget = { inflated: number };

/**
 * Inflates one entry into a file, counting every byte as it comes out of zlib: the archive is a
 * bomb (refused whole) once the entry passes the size its header declared, the archive passes its
 * total, or the entry inflates past `maxRatio` times the bytes it was read from. An entry merely
 * over `maxBytes` (a too large image) answers `tooLarge` and the rest of the archive goes on.
 * Memory holds one chunk at a time whatever the entry claims.
 */
export async function inflateEntry(zip: yauzl.ZipFile, entry: yauzl.Entry, path: string, budget: InflateBudget, maxBytes: number): Promise<'ok' | 'tooLarge'> {
  if (entry.isEncrypted() || (entry.compressionMethod !== 0 && entry.compressionMethod !== 8)) throw new AppError('unsupported_media', 'unsupportedFormat');
  const raw = await new Promise<Readable>((resolve, reject) => {
    const unreadable = () => reject(new AppError('bad_request', 'zipNotAZip', { values: { file: entry.fileName } }));
    try {
      // The entry's bytes as they lie in the archive, deflated or stored alike (yauzl throws for
      // `decompress: false` on a stored entry): zlib below is ours, so every byte is counted.
      zip.openReadStream(entry, { decodeFileData: false }, (error, stream) => {
        if (error || !stream) unreadable();
        else resolve(stream);
      });
    } catch {
      unreadable();
    }
  });
  let size = 0;
  let tooLarge = false;
  const count = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.byteLength;
      budget.inflated += chunk.byteLength;
      if (size > entry.uncompressedSize || budget.inflated > ZIP_LIMITS.maxInflatedBytes) return done(zipBomb());
      if (size > ZIP_LIMITS.ratioFloorBytes && size / Math.max(entry.compressedSize, 1) > ZIP_LIMITS.maxRatio) return done(zipBomb());
      if (size > maxBytes) {
        tooLarge = true;
        return done(new AppError('payload_too_large', 'fileTooLarge'));
      }
      done(null, chunk);
    },
  });
  const stages = entry.compressionMethod === 8 ? [createInflateRaw(), count] : [count];
  try {
    await pipeline([raw, ...stages, createWriteStream(path)]);
  } catch (error) {
    if (tooLarge) return 'tooLarge';
    if (error instanceof AppError) throw error;
    // A deflate stream zlib cannot read: this entry is damaged, not the archive.
    throw new AppError('unsupported_media', 'unsupportedFormat');
  }
  if (size !== entry.uncompressedSize) throw new AppError('unsupported_media', 'unsupportedFormat');
  return 'ok';
}
