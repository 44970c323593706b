import { creativeName, type SiteDraft } from '../model/draft.ts';
import type { Language } from '../model/language.ts';
import { formatPosition } from '../model/position.ts';
import { resolvePageText, applySiteText } from '../model/translation.ts';
import { siteSnapshotSchema, type MediaMap, type ResolvedPage, type SiteSnapshot } from '../model/snapshot.ts';
import type { PageContent } from '../model/page.ts';
import { popupImageUrls, type PreparedMedia } from './media.ts';
import { DEFAULT_FAVICON_PATH } from './default-favicon.ts';
import type { SiteAddress } from '../model/site-address.ts';

/**
 * The page's content with its media URLs made public, and the media it refers to keyed by
 * those public URLs, so a page file carries only its own media and no upload address.
 */
function publishContent(content: PageContent, all: MediaMap): { content: PageContent; media: MediaMap } {
  const media: MediaMap = {};
  // A draft's media URL becomes the derivative a browser loads, never the private upload.
  const swap = (url: string): string => {
    const entry = all[url];
    if (!entry) return url;
    const publicUrl = entry.kind === 'image' ? entry.image.src : entry.kind === 'video' ? entry.video.src : entry.audio.src;
    media[publicUrl] = entry;
    return publicUrl;
  };
  return {
    content: {
      ...content,
      detail: { ...content.detail, imageUrl: swap(content.detail.imageUrl) },
      buttons: content.buttons.map((button) => ({ ...button, buttonImageUrl: swap(button.buttonImageUrl) })),
      // In their order (V §7: the page detail answers its products sorted by order): the stored page data is that answer, served as it is.
      products: [...content.products].sort((a, b) => a.order - b.order).map((product) => ({ ...product, imagePath: swap(product.imagePath) })),
      backgroundMusic: content.backgroundMusic ? swap(content.backgroundMusic) : undefined,
    },
    media,
  };
}

/** A page's status decides whether visitors get it (V §3 Page.status). */
const isPublished = (content: PageContent) => content.status === 'published';

export type LanguageSnapshot = { site: SiteSnapshot; pages: ResolvedPage[] };

/**
 * Members-only pages as a member of one language sees them, their media URLs pointing at the
 * API (`membersMedia` is made through membersOnlyMediaStorage). Never written to public storage.
 */
export function buildMembersOnlyPages(draft: SiteDraft, lang: Language, membersMedia: PreparedMedia): ResolvedPage[] {
  const defaultLanguage = draft.settings.defaultLanguage;
  return draft.creatives.flatMap((creative) =>
    creative.pages
      .filter((page) => page.content.membersOnlyLock && isPublished(page.content))
      .map((page) => {
        const published = publishContent(resolvePageText(page.content, page.translations, lang, defaultLanguage), membersMedia.entries);
        return {
          id: page.id,
          position: formatPosition(creative.columnIndex, page.row),
          columnIndex: creative.columnIndex,
          row: page.row,
          locked: true,
          content: published.content,
          media: published.media,
        };
      }),
  );
}

/**
 * The site as visitors of one language see it. Members-only pages keep only their lock:
 * none of their content is in what this returns, so none of it can reach public storage.
 */
export function buildSnapshot(draft: SiteDraft, lang: Language, media: PreparedMedia, address: SiteAddress): LanguageSnapshot {
  const { settings } = draft;
  const defaultLanguage = settings.defaultLanguage;
  const siteText = applySiteText({ seo: settings.seo, company: settings.company }, lang === defaultLanguage ? undefined : draft.translations[lang]);
  const creatives = [...draft.creatives].sort((a, b) => a.columnIndex - b.columnIndex);
  const pages: ResolvedPage[] = [];
  const grid = creatives.map((creative) => ({
    id: creative.id,
    name: creativeName(creative, lang, defaultLanguage) || formatPosition(creative.columnIndex, 1).replace(/\d+$/, ''),
    pages: [...creative.pages]
      .sort((a, b) => a.row - b.row)
      .map((page) => {
        const position = formatPosition(creative.columnIndex, page.row);
        // Its cell stays so rows keep their numbers; nothing of its content is published and its address answers the 404 page.
        if (!isPublished(page.content)) return { id: page.id, row: page.row, position, hasImage: false, locked: false, unpublished: true as const };
        const locked = page.content.membersOnlyLock;
        const published = locked ? null : publishContent(resolvePageText(page.content, page.translations, lang, defaultLanguage), media.entries);
        const imageUrl = locked ? undefined : page.content.detail.imageUrl || undefined;
        pages.push({ id: page.id, position, columnIndex: creative.columnIndex, row: page.row, locked, content: published?.content ?? null, media: published?.media ?? {} });
        return {
          id: page.id,
          row: page.row,
          position,
          customPath: page.content.customPath || undefined,
          // "Has an image" in the spec's swipe rule means any media a visitor can see: picture, video or stream.
          hasImage: Boolean((imageUrl && media.entries[imageUrl]) || (!locked && page.content.detail.hlsPath)),
          locked,
          thumbnail: imageUrl ? media.thumbnails[imageUrl] : undefined,
        };
      }),
  }));
  const logo = settings.logoSetting ? media.entries[settings.logoSetting] : undefined;
  const favicon = settings.faviconSetting ? media.entries[settings.faviconSetting] : undefined;
  const popupImages = Object.fromEntries(
    popupImageUrls(settings.popupCtas).flatMap((url) => {
      const entry = media.entries[url];
      return entry?.kind === 'image' ? [[url, entry.image]] : [];
    }),
  );
  const site = siteSnapshotSchema.parse({
    siteId: draft.id,
    lang,
    defaultLanguage,
    languages: settings.languages,
    origin: address.origin,
    basePath: address.basePath,
    customPathPrefix: settings.customPathPrefix || undefined,
    name: settings.name,
    viewMode: settings.viewMode,
    displayLanguageIcon: settings.displayLanguageIcon,
    displayGlobalMenu: settings.displayGlobalMenu,
    displayPageCount: settings.displayPageCount,
    displayAlbum: settings.displayAlbum,
    swipeRedirection: settings.swipeRedirection,
    autoAttachUrlParam: settings.autoAttachUrlParam,
    globalMenuTextColor: settings.globalMenuTextColor || undefined,
    globalMenuBackgroundColor: settings.globalMenuBackgroundColor || undefined,
    speakerColor: settings.speakerColor || undefined,
    safeAreaColor: settings.safeAreaColor || undefined,
    logo: logo?.kind === 'image' ? logo.image : undefined,
    // The owner's icon wins; a site without one links the default the publish writes beside its index page.
    faviconUrl: favicon?.kind === 'image' ? favicon.image.src : settings.faviconSetting ? undefined : `${address.basePath}${DEFAULT_FAVICON_PATH}`,
    popupImages: Object.keys(popupImages).length > 0 ? popupImages : undefined,
    sns: settings.sns,
    seo: siteText.seo,
    company: siteText.company,
    poweredBy: draft.plan.poweredBy,
    cookieless: settings.analytics.cookieless,
    grid,
  });
  return { site, pages };
}
