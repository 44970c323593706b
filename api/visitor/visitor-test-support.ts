import type { SiteView } from '../../model/site-view.ts';
import { pngBytes, type TestContext } from '../test-support.ts';

/** Texts and media that only members may ever see; a scan looks for them in every public file. */
export const SECRET = {
  mainText: 'MEMBERS-ONLY-MAIN-7f3a',
  japanese: '会員限定の秘密の本文',
  english: 'MEMBERS-ONLY-ENGLISH-91c2',
  product: 'MEMBERS-ONLY-PRODUCT-55de',
  button: 'MEMBERS-ONLY-BUTTON-0b1e',
  link: 'https://example.com/members-only-link-c4d9',
} as const;

export type LockedSite = { site: SiteView; lockedPageId: string; publicPageId: string; lockedImageSha256: string; publicImageSha256: string };

/**
 * A published 2 × 2 site in Japanese and English: A1 public with an image, A2 members-only with
 * its own image (used nowhere else), texts in both languages, a product, a button and a link.
 */
export async function publishedSiteWithLockedPage(ctx: TestContext): Promise<LockedSite> {
  const site = await ctx.createSite({ numberHorizontal: 2, numberVertical: 2, defaultLanguage: 'jp', languages: ['jp', 'en'] });
  const pages = site.creatives[0]!.pages;
  const publicPage = pages.find((page) => page.position === 'A1')!;
  const lockedPage = pages.find((page) => page.position === 'A2')!;
  const publicImage = await ctx.uploadMedia(site.id, await pngBytes(64, 48, '#2080f0'), 'public.png');
  const lockedImage = await ctx.uploadMedia(site.id, await pngBytes(80, 60, '#f02080'), 'secret.png');
  const productImage = await ctx.uploadMedia(site.id, await pngBytes(40, 40, '#80f020'), 'product.png');
  await ctx.writePage(site.id, publicPage.id, 'jp', { detail: { imageUrl: publicImage.url, mainText: 'Welcome' } });
  const lockedContent = (mainText: string) => ({
    membersOnlyLock: true,
    detail: { imageUrl: lockedImage.url, mainText, linkButtonText: 'Go', linkDestinationUrl: SECRET.link },
    buttons: [{ id: 'b1', buttonType: 'text', buttonText: SECRET.button, linkDestinationUrl: 'https://example.com/' }],
    links: [{ id: 'l1', linkType: 'page', linkDestinationUrl: '1' }],
    products: [
      { id: 'p2', productName: 'Second', order: 2 },
      { id: 'p1', productName: SECRET.product, imagePath: productImage.url, order: 1 },
    ],
  });
  await ctx.writePage(site.id, lockedPage.id, 'jp', lockedContent(`${SECRET.mainText} ${SECRET.japanese}`));
  // An edit in another language carries the whole structure; only its texts become English.
  await ctx.writePage(site.id, lockedPage.id, 'en', lockedContent(SECRET.english));
  await ctx.publish(site.id);
  return { site, lockedPageId: lockedPage.id, publicPageId: publicPage.id, lockedImageSha256: lockedImage.sha256, publicImageSha256: publicImage.sha256 };
}

/** The link in the last message the outbox holds for this address. */
export async function lastLinkTo(ctx: TestContext, email: string): Promise<string> {
  const message = (await ctx.outbox()).filter((entry) => entry.to === email).at(-1);
  const link = message?.text.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`no link mailed to ${email}`);
  return link;
}

export const MEMBER_PASSWORD = 'Member#Pass1';

/** Registers, follows the emailed link (outbox mailer) and logs in; returns the member's bearer token. */
export async function memberToken(ctx: TestContext, siteId: string, email: string, ip = '198.51.100.1'): Promise<string> {
  const registered = await ctx.visit(`/api/end-user/site/${siteId}/register`, {
    site: siteId,
    method: 'POST',
    ip,
    json: { data: { email, password: MEMBER_PASSWORD, confirmPassword: MEMBER_PASSWORD }, lang: 'en' },
  });
  if (registered.status !== 201) throw new Error(`register answered ${registered.status}: ${await registered.text()}`);
  const link = new URL(await lastLinkTo(ctx, email));
  // The emailed link names the site's own origin: it is followed there.
  const verified = await ctx.visit(link.pathname + link.search, { ip, headers: { host: link.host } });
  if (verified.status !== 302) throw new Error(`verify answered ${verified.status}`);
  const login = await ctx.visit(`/api/end-user/site/${siteId}/login`, { site: siteId, method: 'POST', ip, json: { email, password: MEMBER_PASSWORD } });
  if (login.status !== 200) throw new Error(`login answered ${login.status}: ${await login.text()}`);
  return ((await login.json()) as { token: string }).token;
}
