import { messageText } from '../../model/messages/text.ts';

export type SniffedMedia = { kind: 'image' | 'video'; mime: string; ext: string };

/** How many leading bytes {@link sniffMedia} needs to decide; more are ignored. */
export const SNIFF_HEAD_BYTES = 64;

/** The spec's unsupported-format message in English (key `unsupportedFormat`). */
export const UNSUPPORTED_FORMAT_MESSAGE = messageText('unsupportedFormat', 'en');

/**
 * The spec's over-size message in English (key `fileTooLarge`).
 *
 * @example fileTooLargeMessage('clip.mp4', 30) // 'clip.mp4 - File size exceeds the 30MB limit'
 */
export function fileTooLargeMessage(fileName: string, maxMb: number): string {
  return messageText('fileTooLarge', 'en', { file: fileName, max: maxMb });
}

const PNG: SniffedMedia = { kind: 'image', mime: 'image/png', ext: 'png' };
const JPEG: SniffedMedia = { kind: 'image', mime: 'image/jpeg', ext: 'jpg' };
const HEIC: SniffedMedia = { kind: 'image', mime: 'image/heic', ext: 'heic' };
const HEIF: SniffedMedia = { kind: 'image', mime: 'image/heif', ext: 'heif' };
const MP4: SniffedMedia = { kind: 'video', mime: 'video/mp4', ext: 'mp4' };
const MOV: SniffedMedia = { kind: 'video', mime: 'video/quicktime', ext: 'mov' };
const MPEG: SniffedMedia = { kind: 'video', mime: 'video/mpeg', ext: 'mpeg' };

/** ISO BMFF brands (the `ftyp` box) we accept, and what each means. */
const BRANDS: ReadonlyMap<string, SniffedMedia> = new Map([
  ['heic', HEIC],
  ['heix', HEIC],
  ['hevc', HEIC],
  ['hevx', HEIC],
  ['heim', HEIC],
  ['heis', HEIC],
  // Generic HEIF structure brands: the codec is not named, so the file is only "HEIF".
  ['mif1', HEIF],
  ['msf1', HEIF],
  ['isom', MP4],
  ['iso2', MP4],
  ['iso3', MP4],
  ['iso4', MP4],
  ['iso5', MP4],
  ['iso6', MP4],
  ['mp41', MP4],
  ['mp42', MP4],
  ['mp71', MP4],
  ['avc1', MP4],
  ['dash', MP4],
  ['M4V ', MP4],
  ['M4VH', MP4],
  ['M4VP', MP4],
  ['f4v ', MP4],
  ['MSNV', MP4],
  ['qt  ', MOV],
]);

/**
 * Major brands of ISO BMFF files outside the spec's upload list. Their compatible brands
 * often name one we accept (an AVIF lists mif1, an M4A lists isom), so the major brand has
 * to reject them before the compatible brands are read.
 */
const REFUSED_MAJOR_BRANDS: ReadonlySet<string> = new Set(['avif', 'avis', 'M4A ', 'M4B ', 'M4P ', 'crx ', 'jp2 ', '3gp4', '3gp5', '3gp6', '3g2a']);

/** First atoms of QuickTime files written before `ftyp` existed. */
const QUICKTIME_FIRST_ATOMS: ReadonlySet<string> = new Set(['moov', 'mdat', 'wide', 'pnot']);

/**
 * What an upload is, decided from its leading bytes (at least {@link SNIFF_HEAD_BYTES} of
 * them), never from its name or declared type. Returns null for anything outside the spec's
 * upload formats (PNG, JPEG, HEIC/HEIF, MP4, MOV, MPEG), such as a PDF, a GIF or a text
 * file renamed `.png`.
 *
 * @example sniffMedia(bytes.subarray(0, SNIFF_HEAD_BYTES))?.kind // 'image'
 */
export function sniffMedia(head: Uint8Array): SniffedMedia | null {
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return PNG;
  // SOI followed by the first marker's 0xFF: JFIF, Exif and raw JPEG streams alike.
  if (startsWith(head, [0xff, 0xd8, 0xff])) return JPEG;
  // MPEG program stream pack header, or an elementary video stream's sequence header.
  if (startsWith(head, [0x00, 0x00, 0x01, 0xba]) || startsWith(head, [0x00, 0x00, 0x01, 0xb3])) return MPEG;
  if (head.length < 8) return null;

  const firstBoxType = ascii(head, 4, 8);
  if (firstBoxType === 'ftyp') return sniffFtyp(head);
  if (QUICKTIME_FIRST_ATOMS.has(firstBoxType) && plausibleBoxSize(readUint32(head, 0))) return MOV;
  return null;
}

function sniffFtyp(head: Uint8Array): SniffedMedia | null {
  const boxSize = readUint32(head, 0);
  if (boxSize < 16) return null;
  const major = ascii(head, 8, 12);
  if (REFUSED_MAJOR_BRANDS.has(major)) return null;
  const byMajor = BRANDS.get(major);
  if (byMajor !== undefined) return byMajor;
  // Compatible brands follow the minor version, to the end of the box or of what we were given.
  const end = Math.min(boxSize, head.length);
  for (let offset = 16; offset + 4 <= end; offset += 4) {
    const brand = BRANDS.get(ascii(head, offset, offset + 4));
    if (brand !== undefined) return brand;
  }
  return null;
}

/** Box size 1 means a 64-bit size follows and 0 means "to the end of the file"; otherwise it covers at least its header. */
function plausibleBoxSize(size: number): boolean {
  return size === 0 || size === 1 || size >= 8;
}

function startsWith(bytes: Uint8Array, signature: readonly number[]): boolean {
  return bytes.length >= signature.length && signature.every((byte, i) => bytes[i] === byte);
}

function readUint32(bytes: Uint8Array, offset: number): number {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(offset);
}

function ascii(bytes: Uint8Array, start: number, end: number): string {
  return String.fromCharCode(...bytes.subarray(start, end));
}
