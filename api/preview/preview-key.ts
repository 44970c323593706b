import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const KEY_BYTES = 32;
const KEY_TEXT = /^[A-Za-z0-9_-]{43}$/;

/**
 * The preview-token key of a data folder: `preview.key` (32 random bytes, base64url), made once
 * with mode 0600 and read on every start, so open preview links survive a restart. A file that
 * is not such a key stops the start rather than being replaced: replacing it would silently end
 * every link, and a damaged file is worth noticing.
 * @example loadPreviewKey('./data') // Uint8Array(32), the same on every call
 */
export function loadPreviewKey(dataDir: string): Uint8Array {
  const file = join(dataDir, 'preview.key');
  mkdirSync(dataDir, { recursive: true });
  try {
    // 'wx': only the first start writes it; two starting at once both end up reading one key.
    writeFileSync(file, `${randomBytes(KEY_BYTES).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const text = readFileSync(file, 'utf8').trim();
  if (!KEY_TEXT.test(text)) throw new Error(`${file} is not a preview key (32 bytes in base64url); remove it to make a new one.`);
  return Buffer.from(text, 'base64url');
}
