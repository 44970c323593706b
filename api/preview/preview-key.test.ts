import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadPreviewKey } from './preview-key.ts';
import { signPreviewToken, verifyPreviewToken } from './preview-token.ts';

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'swipegrid-preview-key-'));
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('the preview key of a data folder', () => {
  it('is made once, readable by its owner only, and the same on the next start', async () => {
    const first = loadPreviewKey(dataDir);
    expect(first.length).toBe(32);
    expect((await stat(join(dataDir, 'preview.key'))).mode & 0o777).toBe(0o600);
    expect(Buffer.from(loadPreviewKey(dataDir)).equals(Buffer.from(first))).toBe(true);
  });

  it('keeps a preview link signed before a restart working after it', () => {
    const { token } = signPreviewToken(loadPreviewKey(dataDir), 'site-1');
    expect(verifyPreviewToken(loadPreviewKey(dataDir), 'site-1', token)).toBe(true);
  });

  it('differs between data folders', async () => {
    const other = await mkdtemp(join(tmpdir(), 'swipegrid-preview-key-'));
    try {
      expect(Buffer.from(loadPreviewKey(other)).equals(Buffer.from(loadPreviewKey(dataDir)))).toBe(false);
    } finally {
      await rm(other, { recursive: true, force: true });
    }
  });

  it('refuses a damaged key file instead of replacing it', async () => {
    await writeFile(join(dataDir, 'preview.key'), 'too short\n');
    expect(() => loadPreviewKey(dataDir)).toThrow(/is not a preview key/);
  });

  it('creates the data folder when it is not there yet', () => {
    expect(loadPreviewKey(join(dataDir, 'nested', 'data')).length).toBe(32);
  });
});
