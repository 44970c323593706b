import { Unzip, UnzipInflate, UnzipPassThrough } from 'fflate';

/** Spec §5: a creative ZIP is at most 1 GB. */
export const MAX_ZIP_BYTES = 1024 * 1024 * 1024;
const IMAGE = /\.(png|jpe?g|jfif|heic|heif)$/i;
const MIME: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', jfif: 'image/jpeg', heic: 'image/heic', heif: 'image/heif' };

export type ZipEntry = { name: string; blob: Blob };

/** Natural order of names, so `2.jpg` comes before `10.jpg`. */
export const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, undefined, { numeric: true, sensitivity: 'base' });

/**
 * Reads the images of a ZIP as a stream (fflate's Unzip fed by `file.stream()`), so a 1 GB
 * archive is never held whole in memory as one buffer: each image becomes its own Blob as its
 * bytes arrive. Folders, hidden files (`__MACOSX/`, `.DS_Store`) are skipped; other files are
 * answered in `skipped` by name.
 */
export async function readZipImages(file: Blob, onBytes: (read: number) => void = () => {}): Promise<{ images: ZipEntry[]; skipped: string[] }> {
  const images: ZipEntry[] = [];
  const skipped: string[] = [];
  const pending: Promise<void>[] = [];
  const unzip = new Unzip((entry) => {
    const base = entry.name.split('/').pop() ?? '';
    if (entry.name.endsWith('/') || base.startsWith('.') || entry.name.startsWith('__MACOSX/')) return;
    if (!IMAGE.test(base)) {
      skipped.push(entry.name);
      return;
    }
    const parts: Uint8Array[] = [];
    pending.push(
      new Promise<void>((resolve, reject) => {
        entry.ondata = (error, chunk, final) => {
          if (error) return reject(error);
          parts.push(chunk);
          if (final) {
            const ext = base.split('.').pop()!.toLowerCase();
            images.push({ name: entry.name, blob: new Blob(parts as BlobPart[], { type: MIME[ext] ?? 'application/octet-stream' }) });
            resolve();
          }
        };
        entry.start();
      }),
    );
  });
  unzip.register(UnzipInflate);
  unzip.register(UnzipPassThrough);
  const reader = file.stream().getReader();
  let read = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    read += value.byteLength;
    onBytes(read);
    unzip.push(value);
  }
  unzip.push(new Uint8Array(0), true);
  await Promise.all(pending);
  return { images: images.sort(byName), skipped };
}
