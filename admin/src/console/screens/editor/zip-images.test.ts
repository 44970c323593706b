import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { readZipImages } from './zip-images.ts';

describe('reading a creative ZIP as a stream', () => {
  it('answers its images in natural name order and names the files it skipped', async () => {
    const bytes = (n: number) => new Uint8Array(64).fill(n);
    const zip = zipSync({
      'shots/10.png': bytes(10),
      'shots/2.jpg': [bytes(2), { level: 0 }],
      'shots/1.JPEG': bytes(1),
      'notes.txt': bytes(9),
      '__MACOSX/._1.JPEG': bytes(0),
      '.DS_Store': bytes(0),
    });
    const seen: number[] = [];
    const { images, skipped } = await readZipImages(new Blob([zip]), (read) => seen.push(read));
    expect(images.map((image) => image.name)).toEqual(['shots/1.JPEG', 'shots/2.jpg', 'shots/10.png']);
    expect(images.map((image) => image.blob.type)).toEqual(['image/jpeg', 'image/jpeg', 'image/png']);
    expect(new Uint8Array(await images[2]!.blob.arrayBuffer())).toEqual(bytes(10));
    expect(skipped).toEqual(['notes.txt']);
    expect(seen.at(-1)).toBe(zip.byteLength);
  });
});
