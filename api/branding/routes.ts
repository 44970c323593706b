import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { brandingContracts as contracts } from '../../model/contracts/branding.ts';
import { requestHostName } from '../../model/site-origin.ts';
import type { Storage } from '../../storage/storage.ts';
import type { Db } from '../db/open-database.ts';
import { accounts } from '../db/schema.ts';
import type { AppEnv } from '../http/env.ts';
import { AppError, notFound } from '../http/errors.ts';
import { route } from '../http/route.ts';
import { receiveUpload } from '../http/uploaded-file.ts';
import { storeAccountImage, readAccountImage, type AccountImageKind } from './account-images.ts';
import type { Domains } from '../domains/domains.ts';
import { adminHostClaim, recordAdminHostCheck } from './admin-host-claims.ts';
import type { AdminHosts } from './admin-hosts.ts';
import { brandingOfHost, readOemBranding, saveOemBranding, setOemLogo, type ReservedHosts } from './brandings.ts';

const picture = contracts.uploadProfilePicture.body;
const tooLarge = (file: string) => new AppError('payload_too_large', 'fileTooLarge', { values: { file, max: picture.maxFileBytes / 1024 / 1024 } });

/** How an admin host's claim is proven: the custom domains' records and resolver (api/domains/). */
export type HostProof = Pick<Domains, 'recordsFor' | 'lookUp'>;

export type BrandingDeps = { db: Db; storage: Storage; adminHosts: AdminHosts; proof: HostProof; reserved: ReservedHosts };

/** Custom branding of an OEM master, its login page's branding by host, profile pictures and the images of both. */
export function brandingRoutes(deps: BrandingDeps) {
  const { db, storage, adminHosts, proof } = deps;
  const app = new Hono<AppEnv>();
  // A sub-admin of an OEM master acts for it: the branding is its tenant's.
  route(app, contracts.getBranding, async ({ account }) => ({ branding: await readOemBranding(db, account.tenantId, proof.recordsFor) }));
  route(app, contracts.saveBranding, async ({ account, body }) => {
    const branding = await saveOemBranding(db, account.tenantId, body, deps.reserved, proof.recordsFor);
    await adminHosts.refresh();
    return { branding };
  });
  route(app, contracts.checkAdminHost, async ({ account }) => {
    const claim = await adminHostClaim(db, account.tenantId);
    // Nothing to prove: no host claimed, or already verified.
    if (!claim || claim.verified) return { branding: await readOemBranding(db, account.tenantId, proof.recordsFor), check: null };
    const check = await proof.lookUp(claim.host, claim.token);
    await recordAdminHostCheck(db, account.tenantId, claim, check);
    await adminHosts.refresh();
    return { branding: await readOemBranding(db, account.tenantId, proof.recordsFor), check };
  });
  route(app, contracts.uploadBrandingLogo, async ({ c, account }) => {
    const logoUrl = await receiveImage(c, 'logo');
    return { branding: await setOemLogo(db, account.tenantId, logoUrl, proof.recordsFor) };
  });
  route(app, contracts.loginBranding, async ({ c }) => ({ branding: await brandingOfHost(db, requestHostName(c.req.header('host'))) }));
  route(app, contracts.uploadProfilePicture, async ({ c, account }) => {
    const logoUrl = await receiveImage(c, 'picture');
    // The login account's own picture, a sub-admin's included: not its tenant's.
    await db.update(accounts).set({ logoUrl, updatedAt: new Date() }).where(eq(accounts.id, account.id)).run();
    return { logoUrl };
  });
  route(app, contracts.accountImage, async ({ c, params }) => {
    const image = await readAccountImage(storage, params.name);
    if (!image) throw notFound('notFound');
    return c.body(image.body as Uint8Array<ArrayBuffer>, 200, { 'content-type': 'image/webp', 'cache-control': 'public, max-age=31536000, immutable', etag: image.etag });
  });

  async function receiveImage(c: Parameters<typeof receiveUpload>[0], kind: AccountImageKind): Promise<string> {
    const file = await receiveUpload(c, picture, tooLarge);
    try {
      return await storeAccountImage(storage, file.path, kind);
    } finally {
      await file.dispose();
    }
  }
  return app;
}
