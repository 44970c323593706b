import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import yazl from 'yazl';

/** Test and e2e fixtures: ZIPs made with yazl, images with sharp. */

function collect(zip: yazl.ZipFile): Promise<Buffer> {
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
    zip.end();
  });
}

/** A distinct colour per index, to tell placed images apart. */
export const colourOf = (index: number) => `#${((((index * 53) % 256) << 16) | (((index * 97) % 256) << 8) | ((index * 193) % 256)).toString(16).padStart(6, '0')}`;

/** `count` PNGs named 1.png … count.png, added in reverse so only natural name order puts them right. */
export async function imageZip(count: number, size = 40): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (let index = count; index >= 1; index--) {
    const png = await sharp({ create: { width: size, height: size, channels: 3, background: colourOf(index) } })
      .png()
      .toBuffer();
    zip.addBuffer(png, `${index}.png`);
  }
  return collect(zip);
}

/** A ZIP of text files only. */
export function textZip(): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  zip.addBuffer(Buffer.from('hello'), 'readme.txt');
  zip.addBuffer(Buffer.from('a,b\n1,2\n'), 'data.csv');
  return collect(zip);
}

/** One honest entry of `bytes` zeros (streamed into the ZIP, never whole in memory): a ratio of about 1000:1. */
export function zeroBomb(bytes: number): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  const chunk = Buffer.alloc(1024 * 1024);
  let left = bytes;
  const zeros = new Readable({
    read() {
      const size = Math.min(left, chunk.byteLength);
      left -= size;
      this.push(size === 0 ? null : chunk.subarray(0, size));
    },
  });
  zip.addReadStream(zeros, 'big.png', { size: bytes });
  return collect(zip);
}

/**
 * An image named .png whose headers (local and central) declare `declared` bytes while its data
 * inflates to (or, stored, holds) `actual` bytes of noise: a ZIP lying about its sizes.
 */
export async function lyingZip(actual: number, declared: number, options: { stored?: boolean } = {}): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  zip.addBuffer(randomBytes(actual), 'liar.png', { compress: !options.stored });
  const bytes = await collect(zip);
  // Local file header: signature 0x04034b50, uncompressed size at offset 22.
  if (bytes.readUInt32LE(0) !== 0x04034b50) throw new Error('not a local header');
  bytes.writeUInt32LE(declared, 22);
  const central = bytes.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
  // Central directory header: uncompressed size at offset 24.
  bytes.writeUInt32LE(declared, central + 24);
  return bytes;
}

/**
 * `count` PNGs in a ZIP of stored (uncompressed) entries, made by a real archiver: Info-ZIP's
 * `zip -0`, or Python's `zipfile` (whose default is ZIP_STORED). Written in reverse name order,
 * like imageZip.
 */
export async function storedZip(count: number, archiver: 'zip -0' | 'python zipfile'): Promise<Buffer> {
  const folder = await mkdtemp(join(tmpdir(), 'swipegrid-stored-zip-'));
  try {
    const names: string[] = [];
    for (let index = count; index >= 1; index--) {
      const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: colourOf(index) } })
        .png()
        .toBuffer();
      await writeFile(join(folder, `${index}.png`), png);
      names.push(`${index}.png`);
    }
    const out = join(folder, 'out.zip');
    if (archiver === 'zip -0') await run('zip', ['-0', '-q', out, ...names], folder);
    else await run('python3', ['-c', 'import sys, zipfile\nwith zipfile.ZipFile(sys.argv[1], "w") as z:\n    [z.write(n) for n in sys.argv[2:]]', out, ...names], folder);
    return await readFile(out);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

function run(command: string, args: string[], cwd: string): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(command, args, { cwd }, (error) => (error ? reject(error) : resolve()));
  });
}

/** A ZIP of the given files, deflated, in the order given. */
export function zipOf(files: { name: string; bytes: Uint8Array }[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const file of files) zip.addBuffer(Buffer.from(file.bytes), file.name);
  return collect(zip);
}
