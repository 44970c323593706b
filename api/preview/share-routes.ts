import { Hono } from 'hono';
import { z } from 'zod';
import { previewShareContracts as contracts } from '../../model/contracts/preview-share.ts';
import { DEFAULT_LANGUAGE, languageSchema } from '../../model/language.ts';
import type { Db } from '../db/open-database.ts';
import type { AppEnv } from '../http/env.ts';
import { route } from '../http/route.ts';
import { hashPassword } from '../identity/password.ts';
import type { Mailer } from '../mail/mailer.ts';
import { previewInvitationMail } from '../mail/share-mail.ts';
import type { SiteRow } from '../sites/find-site.ts';
import { findShare, inviteUrl, listInvites, markSent, openSessionCount, revokeShare, saveShare, setSharePassword, shareView, type InviteRow, type ShareLinks, type ShareRow } from './shares.ts';

const siteLanguage = z.object({ defaultLanguage: languageSchema.catch(DEFAULT_LANGUAGE) }).catch({ defaultLanguage: DEFAULT_LANGUAGE });

export type ShareRouteDeps = ShareLinks & { db: Db; mailer: Mailer; now?: () => Date };

/**
 * The owner's side of a shared preview (B §7): share by link or to invited emails, each mailed
 * its own link; a passcode stored hashed; status; revoking one email or everything. The mails are
 * sent before the answer, so the owner learns of one the mail server refused.
 */
export function previewShareRoutes(deps: ShareRouteDeps) {
  const { db } = deps;
  const now = () => deps.now?.() ?? new Date();
  const app = new Hono<AppEnv>();

  async function mail(site: SiteRow, share: ShareRow, invites: readonly InviteRow[]): Promise<number> {
    const lang = siteLanguage.parse(site.settings).defaultLanguage;
    for (const invite of invites) {
      await deps.mailer.send(previewInvitationMail(invite.email, lang, site.name, inviteUrl(deps, share, invite), share.passwordHash !== null));
      await markSent(db, invite.id, now());
    }
    return invites.length;
  }

  route(app, contracts.sharePreview, async ({ site, body }) => {
    const { share, added } = await saveShare(db, site.id, body);
    await mail(site, share, added);
    return await shareView(db, deps, share);
  });
  route(app, contracts.getPreviewShare, async ({ site }) => {
    const share = await findShare(db, site.id);
    return { share: share ? await shareView(db, deps, share) : null };
  });
  route(app, contracts.revokePreviewShare, async ({ site, body }) => {
    const revoked = body.all || body.emails.length > 0 ? await revokeShare(db, site.id, body) : 0;
    const share = await findShare(db, site.id);
    const resent = share && body.resendAll ? await mail(site, share, await listInvites(db, share.id)) : 0;
    return { share: share ? await shareView(db, deps, share) : null, revoked, resent };
  });
  route(app, contracts.previewShareStatus, async ({ site }) => {
    const share = await findShare(db, site.id);
    if (!share) return { shared: false, isPrivate: false, viewOnly: false, passwordOn: false, invited: 0, openSessions: 0 };
    return {
      shared: true,
      isPrivate: share.isPrivate,
      viewOnly: share.viewOnly,
      passwordOn: share.passwordHash !== null,
      invited: (await listInvites(db, share.id)).length,
      openSessions: await openSessionCount(db, share.id, now()),
    };
  });
  route(app, contracts.setPreviewSharePassword, async ({ site, body }) => {
    const hash = body.enabled ? await hashPassword(body.password) : null;
    return await shareView(db, deps, await setSharePassword(db, site.id, hash));
  });
  return app;
}
