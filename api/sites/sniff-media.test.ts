import { describe, expect, it } from 'vitest';
import { fileTooLargeMessage, sniffMedia, SNIFF_HEAD_BYTES, UNSUPPORTED_FORMAT_MESSAGE } from './sniff-media.ts';

const bytes = (...parts: (number[] | string)[]): Uint8Array => Uint8Array.from(parts.flatMap((part) => (typeof part === 'string' ? [...part].map((c) => c.charCodeAt(0)) : part)));

const uint32 = (n: number): number[] => [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];

/** An ISO BMFF `ftyp` box with the given major and compatible brands, followed by padding. */
function ftyp(major: string, ...compatible: string[]): Uint8Array {
  const size = 16 + compatible.length * 4;
  return bytes(uint32(size), 'ftyp', major, [0, 0, 0, 0], compatible.join(''), uint32(8), 'free');
}

describe('sniffMedia', () => {
  it('recognises PNG by its signature', () => {
    expect(sniffMedia(bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a], uint32(13), 'IHDR'))).toEqual({
      kind: 'image',
      mime: 'image/png',
      ext: 'png',
    });
  });

  it('recognises JPEG whether JFIF, Exif or bare', () => {
    const jpeg = { kind: 'image', mime: 'image/jpeg', ext: 'jpg' };
    expect(sniffMedia(bytes([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10], 'JFIF', [0]))).toEqual(jpeg);
    expect(sniffMedia(bytes([0xff, 0xd8, 0xff, 0xe1, 0x00, 0x10], 'Exif', [0, 0]))).toEqual(jpeg);
    expect(sniffMedia(bytes([0xff, 0xd8, 0xff, 0xdb, 0x00, 0x43]))).toEqual(jpeg);
  });

  it.each(['heic', 'heix', 'hevc', 'heim', 'heis'])('recognises HEIC by the major brand %s', (brand) => {
    expect(sniffMedia(ftyp(brand, 'mif1', brand))).toEqual({ kind: 'image', mime: 'image/heic', ext: 'heic' });
  });

  it.each(['mif1', 'msf1'])('recognises generic HEIF by the brand %s', (brand) => {
    expect(sniffMedia(ftyp(brand, brand))).toEqual({ kind: 'image', mime: 'image/heif', ext: 'heif' });
  });

  it.each(['isom', 'iso2', 'mp41', 'mp42', 'avc1', 'dash', 'M4V '])('recognises MP4 by the major brand %j', (brand) => {
    expect(sniffMedia(ftyp(brand, 'isom', 'mp41'))).toEqual({ kind: 'video', mime: 'video/mp4', ext: 'mp4' });
  });

  it('recognises MP4 by a compatible brand when the major brand is unfamiliar', () => {
    expect(sniffMedia(ftyp('XAVC', 'XAVC', 'mp42', 'iso2'))).toEqual({ kind: 'video', mime: 'video/mp4', ext: 'mp4' });
  });

  it('recognises MOV by the qt brand', () => {
    expect(sniffMedia(ftyp('qt  ', 'qt  '))).toEqual({ kind: 'video', mime: 'video/quicktime', ext: 'mov' });
  });

  it.each(['moov', 'mdat', 'wide'])('recognises an old QuickTime file starting with a %s atom', (atom) => {
    expect(sniffMedia(bytes(uint32(8), atom, uint32(1024), 'mdat'))).toEqual({
      kind: 'video',
      mime: 'video/quicktime',
      ext: 'mov',
    });
  });

  it('recognises MPEG program streams and elementary video streams', () => {
    const mpeg = { kind: 'video', mime: 'video/mpeg', ext: 'mpeg' };
    expect(sniffMedia(bytes([0x00, 0x00, 0x01, 0xba, 0x44, 0x00, 0x04]))).toEqual(mpeg);
    expect(sniffMedia(bytes([0x00, 0x00, 0x01, 0xb3, 0x14, 0x00, 0xf0]))).toEqual(mpeg);
  });

  it('decides from the first SNIFF_HEAD_BYTES bytes of a longer file', () => {
    const file = new Uint8Array(10_000);
    file.set(ftyp('mp42', 'isom'));
    expect(sniffMedia(file.subarray(0, SNIFF_HEAD_BYTES))?.ext).toBe('mp4');
  });

  it.each([
    ['a PDF', bytes('%PDF-1.7\n%\xe2\xe3')],
    ['a GIF', bytes('GIF89a', [1, 0, 1, 0, 0x80, 0, 0])],
    ['a text file renamed .png', bytes('hello, this is not an image\n')],
    ['WebP', bytes('RIFF', uint32(100), 'WEBPVP8 ')],
    ['AVIF, whose compatible brands include mif1', ftyp('avif', 'avif', 'mif1', 'miaf')],
    ['M4A audio, whose compatible brands include isom', ftyp('M4A ', 'M4A ', 'mp42', 'isom')],
    ['3GP, whose compatible brands include isom', ftyp('3gp4', '3gp4', 'isom')],
    ['an ftyp box with unknown brands', ftyp('abcd', 'efgh')],
    ['an ftyp box too short to hold a brand', bytes(uint32(8), 'ftyp')],
    ['a truncated PNG signature', bytes([0x89], 'PN')],
    ['an empty file', new Uint8Array(0)],
  ])('rejects %s', (_name, head) => {
    expect(sniffMedia(head)).toBeNull();
  });
});

describe('upload messages', () => {
  it('names the file and the limit when a file is too large', () => {
    expect(fileTooLargeMessage('clip.mp4', 30)).toBe('clip.mp4 - File size exceeds the 30MB limit');
  });

  it('lists the accepted formats when a format is unsupported', () => {
    expect(UNSUPPORTED_FORMAT_MESSAGE).toBe('Unsupported file format. Please upload JPG, PNG, MP4 or MOV files.');
  });
});
