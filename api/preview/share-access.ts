import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { PREVIEW_LOGIN_LIMITS, PREVIEW_SESSION_MS } from '../../model/preview-share.ts';
import type { Db } from '../db/open-database.ts';
import { previewInvites, previewSessions, previewShares } from '../db/schema-sharing.ts';
import { AppError } from '../http/errors.ts';
import { releaseAttempt, reserveAttempts } from '../identity/attempt-counter.ts';
import { timingDummyHash, verifyPassword } from '../identity/password.ts';
import type { ShareRow } from './shares.ts';
import { readShareToken, signShareToken } from './share-token.ts';

/**
 * What a shared-preview token opens now: the preview (view-only or not), the passcode page, or
 * nothing (a token never signed, or whose share, invitation or session is gone or stale).
 * Read from the database on every request, so a revocation takes effect at the next one.
 */
export type ShareAccess = { kind: 'open'; viewOnly: boolean } | { kind: 'passcode'; share: ShareRow; inviteId: string | null } | null;

export async function resolveShareAccess(db: Db, key: Uint8Array, siteId: string, token: string, now: Date): Promise<ShareAccess> {
  const named = readShareToken(key, token);
  if (!named) return null;
  if (named.kind === 'session') {
    const row = await db.select().from(previewSessions).innerJoin(previewShares, eq(previewShares.id, previewSessions.shareId)).where(eq(previewSessions.id, named.id)).get();
    if (!row || row.preview_shares.siteId !== siteId || row.preview_sessions.expiresAt.getTime() <= now.getTime()) return null;
    const { preview_shares: share, preview_sessions: session } = row;
    // A passcode switched off, changed, or the share made private since: this session no longer holds.
    if (share.passwordHash === null || session.passwordVersion !== share.passwordVersion || (share.isPrivate && session.inviteId === null)) return null;
    return { kind: 'open', viewOnly: share.viewOnly };
  }
  let share: ShareRow | undefined;
  let inviteId: string | null = null;
  if (named.kind === 'link') {
    share = await db.select().from(previewShares).where(eq(previewShares.id, named.id)).get();
    if (share?.isPrivate) return null;
  } else {
    const row = await db.select().from(previewInvites).innerJoin(previewShares, eq(previewShares.id, previewInvites.shareId)).where(eq(previewInvites.id, named.id)).get();
    share = row?.preview_shares;
    inviteId = row?.preview_invites.id ?? null;
  }
  if (!share || share.siteId !== siteId) return null;
  if (share.passwordHash !== null) return { kind: 'passcode', share, inviteId };
  return { kind: 'open', viewOnly: share.viewOnly };
}

/**
 * Opens a passcode-protected shared preview: answers the token of a preview session, which the
 * preview's path carries from then on. Each attempt is counted before the passcode is hashed,
 * per share (its general link and every invitation together: one passcode, one budget) and per
 * client address, in one atomic reservation (api/identity/attempt-counter.ts): parallel guesses
 * cannot pass the limit. A link that needs no passcode answers its own token.
 */
export async function loginSharedPreview(db: Db, key: Uint8Array, input: { siteId: string; token: string; password: string; ip: string; now: Date }): Promise<string> {
  const access = await resolveShareAccess(db, key, input.siteId, input.token, input.now);
  if (access === null) throw new AppError('forbidden', 'previewShareUnavailable');
  if (access.kind === 'open') return input.token;
  const { windowMs, lockMs } = PREVIEW_LOGIN_LIMITS;
  const reservation = await reserveAttempts(
    db,
    [
      { key: `preview-share:${access.share.id}`, limit: PREVIEW_LOGIN_LIMITS.perShare },
      { key: `preview-ip:${input.ip}`, limit: PREVIEW_LOGIN_LIMITS.perIp },
    ],
    { windowMs, lockMs },
    input.now.getTime(),
  );
  if (!reservation.allowed) throw new AppError('too_many_requests', 'tooManyRequests');
  const stored = access.share.passwordHash ?? (await timingDummyHash());
  if (!(await verifyPassword(input.password, stored))) throw new AppError('unauthenticated', 'previewPasswordIncorrect');
  // The right passcode gives its attempt back: a viewer who got in should not bring the share nearer its lock.
  await releaseAttempt(db, reservation.reservations[0]!, PREVIEW_LOGIN_LIMITS.perShare);
  await releaseAttempt(db, reservation.reservations[1]!, PREVIEW_LOGIN_LIMITS.perIp);
  const id = randomUUID();
  await db
    .insert(previewSessions)
    .values({
      id,
      shareId: access.share.id,
      inviteId: access.inviteId,
      passwordVersion: access.share.passwordVersion,
      expiresAt: new Date(input.now.getTime() + PREVIEW_SESSION_MS),
    })
    .run();
  return signShareToken(key, 'session', id);
}
