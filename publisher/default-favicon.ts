import sharp from 'sharp';

/** Where a site's default icon is published, beside its index page. */
export const DEFAULT_FAVICON_PATH = 'favicon.ico';
export const FAVICON_CONTENT_TYPE = 'image/x-icon';

/** The product's mark: a grid of four pages, one lit, on a dark tile. */
const MARK = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">
<rect width="32" height="32" rx="7" fill="#1b2b0b"/>
<rect x="6" y="6" width="9" height="9" rx="2" fill="#99d52a"/>
<rect x="17" y="6" width="9" height="9" rx="2" fill="#ffffff" fill-opacity="0.85"/>
<rect x="6" y="17" width="9" height="9" rx="2" fill="#ffffff" fill-opacity="0.85"/>
<rect x="17" y="17" width="9" height="9" rx="2" fill="#ffffff" fill-opacity="0.85"/>
</svg>`;

const SIZES = [16, 32, 48] as const;

let made: Promise<Uint8Array> | undefined;

/**
 * The icon of a site whose owner set none (issue 27: browsers ask for /favicon.ico, and a 404
 * cost the page in Lighthouse's best practices). An ICO holding PNGs at 16, 32 and 48 px, drawn
 * once per process from the mark above.
 */
export function defaultFavicon(): Promise<Uint8Array> {
  made ??= Promise.all(
    SIZES.map((size) =>
      sharp(Buffer.from(MARK), { density: (72 * size) / 32 })
        .resize(size, size)
        .png()
        .toBuffer(),
    ),
  ).then(icoOf);
  return made;
}

/** An ICO file of square PNG images (PNG inside ICO: what every browser reads). */
function icoOf(pngs: readonly Uint8Array[]): Uint8Array {
  const header = 6;
  const entry = 16;
  let offset = header + entry * pngs.length;
  const out = Buffer.alloc(offset + pngs.reduce((sum, png) => sum + png.byteLength, 0));
  out.writeUInt16LE(0, 0);
  out.writeUInt16LE(1, 2); // 1: icon
  out.writeUInt16LE(pngs.length, 4);
  pngs.forEach((png, index) => {
    // A square PNG's side is its width, at byte 16 (in the IHDR); 0 in an ICO entry means 256.
    const size = Buffer.from(png.buffer, png.byteOffset, png.byteLength).readUInt32BE(16);
    const at = header + entry * index;
    out.writeUInt8(size >= 256 ? 0 : size, at);
    out.writeUInt8(size >= 256 ? 0 : size, at + 1);
    out.writeUInt8(0, at + 2); // no palette
    out.writeUInt8(0, at + 3);
    out.writeUInt16LE(1, at + 4); // colour planes
    out.writeUInt16LE(32, at + 6); // bits per pixel
    out.writeUInt32LE(png.byteLength, at + 8);
    out.writeUInt32LE(offset, at + 12);
    out.set(png, offset);
    offset += png.byteLength;
  });
  return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
}
