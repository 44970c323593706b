import sharp from 'sharp';

/** Test fixtures: images whose pixels are far more than their bytes. */

/**
 * A real PNG of 16383 × 16383 pixels of one colour (268 megapixels, about 0.8 MB): every row is
 * there and decodes. libvips streams it out, so making it takes seconds, not gigabytes.
 */
export function hugePng(): Promise<Buffer> {
  return sharp({ create: { width: 16383, height: 16383, channels: 3, background: '#336699' } })
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/**
 * A JPEG of a few hundred bytes whose frame header declares `width` × `height`: a small real JPEG
 * with its SOF0 size rewritten, cut off right after its scan header, so every header a decoder
 * reads first is whole and no pixel data backs what it declares.
 */
export async function truncatedJpeg(width: number, height: number): Promise<Buffer> {
  const jpeg = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#993366' } })
    .jpeg({ optimiseCoding: false })
    .toBuffer();
  const frame = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
  const scan = jpeg.indexOf(Buffer.from([0xff, 0xda]));
  if (frame < 0 || scan < 0) throw new Error('no baseline frame or scan header');
  // SOF0: marker, length (2), precision (1), height (2), width (2).
  jpeg.writeUInt16BE(height, frame + 5);
  jpeg.writeUInt16BE(width, frame + 7);
  return jpeg.subarray(0, scan + 2 + jpeg.readUInt16BE(scan + 2));
}

/** A real JPEG of `width` × `height` of noise (nothing compresses it away) cut to its first half: its header is whole, its pixels are not. */
export async function halfJpeg(width: number, height: number): Promise<Buffer> {
  const jpeg = await sharp({ create: { width, height, channels: 3, background: '#000000', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
    .jpeg()
    .toBuffer();
  return jpeg.subarray(0, Math.floor(jpeg.byteLength / 2));
}
