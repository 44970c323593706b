import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a shared-preview token opens: the share's general link, one invitation, or a preview opened with the passcode. */
export type ShareTokenKind = 'link' | 'invite' | 'session';

const PREFIX: Readonly<Record<ShareTokenKind, string>> = { link: 's', invite: 'i', session: 'o' };
const KIND_OF: Readonly<Record<string, ShareTokenKind>> = { s: 'link', i: 'invite', o: 'session' };
const TOKEN = /^([sio])\.([A-Za-z0-9-]{1,64})\.([A-Za-z0-9_-]{43})$/;

function signature(key: Uint8Array, kind: ShareTokenKind, id: string): string {
  return createHmac('sha256', key).update(`preview-share:${kind}:${id}`).digest('base64url');
}

/**
 * A token naming one row of the sharing tables, signed with the preview key: `{s|i|o}.{id}.{hmac}`.
 * Nothing secret is stored, so the owner can be shown the link again; the row is what makes it
 * valid, and deleting it is what revokes it.
 * @example signShareToken(key, 'invite', '3f…') // 'i.3f….Kx…'
 */
export function signShareToken(key: Uint8Array, kind: ShareTokenKind, id: string): string {
  return `${PREFIX[kind]}.${id}.${signature(key, kind, id)}`;
}

/** The kind and row id a token names, when this key signed it; null otherwise. */
export function readShareToken(key: Uint8Array, token: string): { kind: ShareTokenKind; id: string } | null {
  const match = TOKEN.exec(token);
  if (!match) return null;
  const kind = KIND_OF[match[1]!]!;
  const id = match[2]!;
  const expected = Buffer.from(signature(key, kind, id));
  const given = Buffer.from(match[3]!);
  return expected.length === given.length && timingSafeEqual(expected, given) ? { kind, id } : null;
}
