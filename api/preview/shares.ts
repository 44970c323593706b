import { randomUUID } from 'node:crypto';
import { and, count, eq, gt, inArray } from 'drizzle-orm';
import type { ShareInput, ShareView } from '../../model/preview-share.ts';
import type { Db } from '../db/open-database.ts';
import { previewInvites, previewSessions, previewShares } from '../db/schema-sharing.ts';
import { fieldError, notFound } from '../http/errors.ts';
import { signShareToken } from './share-token.ts';

/** A site's share as stored. */
export type ShareRow = typeof previewShares.$inferSelect;
export type InviteRow = typeof previewInvites.$inferSelect;

/** Where shared previews are opened: the preview origin and the key their tokens are signed with. */
export type ShareLinks = { key: Uint8Array; previewOrigin: string };

/** The address a token opens on the preview origin. */
export function sharedPreviewUrl(links: ShareLinks, siteId: string, token: string): string {
  return `${links.previewOrigin}/preview/${siteId}/${token}/`;
}

export function linkUrl(links: ShareLinks, share: ShareRow): string {
  return sharedPreviewUrl(links, share.siteId, signShareToken(links.key, 'link', share.id));
}

export function inviteUrl(links: ShareLinks, share: ShareRow, invite: InviteRow): string {
  return sharedPreviewUrl(links, share.siteId, signShareToken(links.key, 'invite', invite.id));
}

export async function findShare(db: Db, siteId: string): Promise<ShareRow | undefined> {
  return await db.select().from(previewShares).where(eq(previewShares.siteId, siteId)).get();
}

async function requireShare(db: Db, siteId: string): Promise<ShareRow> {
  const share = await findShare(db, siteId);
  if (!share) throw notFound('shareNotFound');
  return share;
}

export async function listInvites(db: Db, shareId: string): Promise<InviteRow[]> {
  return await db.select().from(previewInvites).where(eq(previewInvites.shareId, shareId)).orderBy(previewInvites.createdAt, previewInvites.email).all();
}

export async function shareView(db: Db, links: ShareLinks, share: ShareRow): Promise<ShareView> {
  return {
    shared: true,
    url: linkUrl(links, share),
    isPrivate: share.isPrivate,
    viewOnly: share.viewOnly,
    passwordOn: share.passwordHash !== null,
    invites: (await listInvites(db, share.id)).map((invite) => ({ email: invite.email, sentAt: invite.sentAt?.toISOString() ?? null })),
    createdAt: share.createdAt.toISOString(),
  };
}

/**
 * Shares a site's preview, or changes how it is shared, and invites the emails not invited yet.
 * One transaction: two owners sharing at once end with one share and each email invited once.
 * Answers the share and the invitations this call made (to be mailed).
 */
export async function saveShare(db: Db, siteId: string, input: ShareInput): Promise<{ share: ShareRow; added: InviteRow[] }> {
  return await db.transaction(async (tx) => {
    const existing = await tx.select().from(previewShares).where(eq(previewShares.siteId, siteId)).get();
    const share = existing
      ? await tx.update(previewShares).set({ isPrivate: input.isPrivate, viewOnly: input.viewOnly }).where(eq(previewShares.id, existing.id)).returning().get()
      : await tx.insert(previewShares).values({ id: randomUUID(), siteId, isPrivate: input.isPrivate, viewOnly: input.viewOnly }).returning().get();
    const wanted = [...new Set(input.emails)];
    const added =
      wanted.length === 0
        ? []
        : await tx
            .insert(previewInvites)
            .values(wanted.map((email) => ({ id: randomUUID(), shareId: share.id, email })))
            .onConflictDoNothing()
            .returning()
            .all();
    return { share, added };
  });
}

/** Notes that an invitation's link was mailed. */
export async function markSent(db: Db, inviteId: string, at: Date): Promise<void> {
  await db.update(previewInvites).set({ sentAt: at }).where(eq(previewInvites.id, inviteId)).run();
}

/**
 * Revokes invitations by email, or the whole share. Deleting the rows deletes the preview
 * sessions opened through them (foreign keys), and every shared request looks its row up: what
 * is revoked stops at the next request, open previews included. An email not invited is a 400.
 */
export async function revokeShare(db: Db, siteId: string, request: { emails: readonly string[]; all: boolean }): Promise<number> {
  const share = await requireShare(db, siteId);
  if (request.all) {
    const invited = (await listInvites(db, share.id)).length;
    await db.delete(previewShares).where(eq(previewShares.id, share.id)).run();
    return invited + 1;
  }
  const wanted = [...new Set(request.emails)];
  return await db.transaction(async (tx) => {
    const found =
      wanted.length === 0
        ? []
        : await tx
            .select()
            .from(previewInvites)
            .where(and(eq(previewInvites.shareId, share.id), inArray(previewInvites.email, wanted)))
            .all();
    const missing = wanted.find((email) => !found.some((invite) => invite.email === email));
    if (missing !== undefined) throw fieldError('validation', ['emails', wanted.indexOf(missing)], 'shareEmailNotFound', { email: missing });
    if (found.length > 0)
      await tx
        .delete(previewInvites)
        .where(
          inArray(
            previewInvites.id,
            found.map((invite) => invite.id),
          ),
        )
        .run();
    return found.length;
  });
}

/** Sets the passcode's hash (null: off); the version moves, so previews opened with the old passcode close. */
export async function setSharePassword(db: Db, siteId: string, passwordHash: string | null): Promise<ShareRow> {
  const share = await requireShare(db, siteId);
  return await db
    .update(previewShares)
    .set({ passwordHash, passwordVersion: share.passwordVersion + 1 })
    .where(eq(previewShares.id, share.id))
    .returning()
    .get();
}

/** How many previews are open through the passcode now. */
export async function openSessionCount(db: Db, shareId: string, now: Date): Promise<number> {
  return (await db
    .select({ n: count() })
    .from(previewSessions)
    .innerJoin(previewShares, eq(previewShares.id, previewSessions.shareId))
    .where(and(eq(previewSessions.shareId, shareId), gt(previewSessions.expiresAt, now), eq(previewSessions.passwordVersion, previewShares.passwordVersion)))
    .get())!.n;
}
