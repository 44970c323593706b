/**
 * Background music a browser plays everywhere: MP3, AAC in an MP4 container (M4A) and WAV. The
 * spec names no audio formats; these three play in every browser the viewer supports, where Ogg
 * and FLAC do not (docs/decisions.md).
 */
export type SniffedAudio = { kind: 'audio'; mime: string; ext: string };

const MP3: SniffedAudio = { kind: 'audio', mime: 'audio/mpeg', ext: 'mp3' };
const M4A: SniffedAudio = { kind: 'audio', mime: 'audio/mp4', ext: 'm4a' };
const WAV: SniffedAudio = { kind: 'audio', mime: 'audio/wav', ext: 'wav' };

/** The codecs ffprobe must then find in each container's first audio stream. */
export const AUDIO_CODECS: Readonly<Record<string, readonly string[]>> = {
  'audio/mpeg': ['mp3'],
  'audio/mp4': ['aac'],
  'audio/wav': ['pcm_u8', 'pcm_s16le', 'pcm_s24le', 'pcm_s32le', 'pcm_f32le'],
};

/** ISO BMFF brands of audio-only MP4 files; the major brand decides, a compatible one may too. */
const M4A_BRANDS: ReadonlySet<string> = new Set(['M4A ', 'mp42', 'mp41', 'isom', 'iso2', 'iso5', 'iso6', 'dash']);
/** A video's or an image's major brand: never background music, whatever its compatible brands say. */
const NOT_AUDIO_BRANDS: ReadonlySet<string> = new Set(['qt  ', 'heic', 'heix', 'mif1', 'msf1', 'avif', 'M4V ', 'M4VH', 'M4VP', 'M4B ', 'M4P ', '3gp4', '3gp5', '3gp6', '3g2a', 'crx ']);

/**
 * What a music upload is, from its leading bytes (at least 64 of them), never its name. Null
 * for anything else. An MP4 brand only says the container may hold audio: ffprobe decides.
 * @example sniffAudio(head)?.mime // 'audio/mpeg'
 */
export function sniffAudio(head: Uint8Array): SniffedAudio | null {
  if (isId3Tag(head)) return MP3;
  if (isMp3Frame(head)) return MP3;
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WAVE') return WAV;
  if (ascii(head, 4, 8) === 'ftyp') return sniffFtyp(head);
  return null;
}

/** An ID3v2 tag in front of MPEG audio frames: "ID3", version 2 to 4, a revision, flags, and a size of four 7-bit bytes. */
function isId3Tag(head: Uint8Array): boolean {
  if (head.length < 10 || ascii(head, 0, 3) !== 'ID3') return false;
  return head[3]! >= 2 && head[3]! <= 4 && head[4]! < 0xff && head.subarray(6, 10).every((byte) => byte < 0x80);
}

/** An MPEG audio frame header: 11 sync bits, a version that exists, Layer III, a bitrate and rate index that exist. */
function isMp3Frame(head: Uint8Array): boolean {
  if (head.length < 4 || head[0] !== 0xff || (head[1]! & 0xe0) !== 0xe0) return false;
  const version = (head[1]! >> 3) & 0b11;
  const layer = (head[1]! >> 1) & 0b11;
  const bitrate = head[2]! >> 4;
  const rate = (head[2]! >> 2) & 0b11;
  return version !== 0b01 && layer === 0b01 && bitrate !== 0b1111 && bitrate !== 0 && rate !== 0b11;
}

function sniffFtyp(head: Uint8Array): SniffedAudio | null {
  if (head.length < 16) return null;
  const boxSize = new DataView(head.buffer, head.byteOffset, head.byteLength).getUint32(0);
  const major = ascii(head, 8, 12);
  if (boxSize < 16 || NOT_AUDIO_BRANDS.has(major)) return null;
  if (M4A_BRANDS.has(major)) return M4A;
  for (let offset = 16; offset + 4 <= Math.min(boxSize, head.length); offset += 4) {
    if (M4A_BRANDS.has(ascii(head, offset, offset + 4))) return M4A;
  }
  return null;
}

function ascii(bytes: Uint8Array, start: number, end: number): string {
  return bytes.length < end ? '' : String.fromCharCode(...bytes.subarray(start, end));
}
