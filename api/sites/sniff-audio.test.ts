import { describe, expect, it } from 'vitest';
import { audioBytes, mp4Bytes, pngBytes } from '../test-support.ts';
import { sniffAudio } from './sniff-audio.ts';

const head = (bytes: Uint8Array) => bytes.subarray(0, 64);
const bytes = (...parts: (number[] | string)[]): Uint8Array => Uint8Array.from(parts.flatMap((part) => (typeof part === 'string' ? [...part].map((c) => c.charCodeAt(0)) : part)));

describe('sniffAudio', () => {
  it('recognises what ffmpeg writes as MP3, M4A and WAV', async () => {
    expect(sniffAudio(head(await audioBytes('mp3')))?.mime).toBe('audio/mpeg');
    expect(sniffAudio(head(await audioBytes('m4a')))?.mime).toBe('audio/mp4');
    expect(sniffAudio(head(await audioBytes('wav')))?.mime).toBe('audio/wav');
  });

  it('recognises a bare MPEG-1 Layer III frame, and not an AAC ADTS frame or a frame with a reserved rate', () => {
    expect(sniffAudio(bytes([0xff, 0xfb, 0x90, 0x64], new Array(60).fill(0)))?.ext).toBe('mp3');
    expect(sniffAudio(bytes([0xff, 0xf1, 0x50, 0x80], new Array(60).fill(0)))).toBeNull();
    expect(sniffAudio(bytes([0xff, 0xfb, 0x9c, 0x64], new Array(60).fill(0)))).toBeNull();
  });

  it('takes no picture, QuickTime movie or text', async () => {
    expect(sniffAudio(head(await pngBytes(4, 4, '#000000')))).toBeNull();
    expect(sniffAudio(bytes([0, 0, 0, 20], 'ftypqt  ', [0, 0, 0, 0], 'qt  ', new Array(44).fill(0)))).toBeNull();
    expect(sniffAudio(new TextEncoder().encode('ID3 is how this text starts, but it is text'))).toBeNull();
    // An MP4 video passes the sniff (its brand could hold audio alone); ffprobe refuses it (api/sites/audio-upload.test.ts).
    expect(sniffAudio(head(await mp4Bytes()))?.mime).toBe('audio/mp4');
  });
});
