import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PREVIEW_TOKEN_MS, signPreviewToken, verifyPreviewToken } from './preview-token.ts';

const key = randomBytes(32);

describe('preview tokens', () => {
  it('accept a token for its own site within its time', () => {
    const { token } = signPreviewToken(key, 'site-1', 1_000_000);
    expect(verifyPreviewToken(key, 'site-1', token, 1_000_000 + PREVIEW_TOKEN_MS - 1)).toBe(true);
  });

  it('refuse an expired token, another site, another key and a changed signature', () => {
    const { token } = signPreviewToken(key, 'site-1', 1_000_000);
    expect(verifyPreviewToken(key, 'site-1', token, 1_000_000 + PREVIEW_TOKEN_MS)).toBe(false);
    expect(verifyPreviewToken(key, 'site-2', token, 1_000_000)).toBe(false);
    expect(verifyPreviewToken(randomBytes(32), 'site-1', token, 1_000_000)).toBe(false);
    const tampered = token.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A'));
    expect(verifyPreviewToken(key, 'site-1', tampered, 1_000_000)).toBe(false);
    // A later expiry written into the token breaks its signature.
    const [id, , mac] = token.split('.');
    expect(verifyPreviewToken(key, 'site-1', `${id}.${1_000_000 + 10 * PREVIEW_TOKEN_MS}.${mac}`, 1_000_000)).toBe(false);
  });
});
