import { createHash } from 'node:crypto';
import type { SiteDraft } from '../model/draft.ts';
import type { Language } from '../model/language.ts';
import { pageDataPath } from '../model/snapshot.ts';
import { customPathFileName, publicFileName, VISITOR_SUB_PATHS } from '../model/visitor-path.ts';
import type { Storage } from '../storage/storage.ts';
import { forEachLimit } from './concurrency.ts';
import { mediaUrlsOf, prepareMedia, type PreparedMedia } from './media.ts';
import { membersOnlyMediaStorage } from './private-media.ts';
import type { Renderer } from './renderer.ts';
import { buildMembersOnlyPages, buildSnapshot } from './snapshot.ts';
import { renderScreens } from './screens.ts';
import { robotsTxt, sitemapXml } from './sitemap.ts';
import { moveHostPointers } from './domains.ts';
import { DEFAULT_SITE_ORIGIN, siteAddress } from './site-address.ts';
import { manifestKey, nextVersionNumber, objectKey, privateObjectKey, readLiveManifest, switchLive, type Manifest, type ManifestFile } from './versions.ts';

export type PublishStep = 'images' | 'pages' | 'upload';
export type PublishProgress = { step: PublishStep; done: number; total: number };

export type PublishResult = {
  /** The version now live; the previous one when nothing changed. */
  version: number | null;
  changed: boolean;
  files: number;
  /** Objects written to storage, the manifest and the live pointer included. */
  written: number;
  imagesMade: number;
  imagesReused: number;
  pagesRendered: number;
  durationMs: number;
};

export type PublishDeps = {
  storage: Storage;
  renderer: Renderer;
  onProgress?: (progress: PublishProgress) => void;
  /** SITE_ORIGIN: the shared site host; every site's own origin (handle or custom domain) keeps its scheme and port. */
  siteOrigin?: string;
  /** SITE_DOMAIN: a site without a custom domain is `{handle}.{siteDomain}`; default from siteOrigin (publisher/site-address.ts). */
  siteDomain?: string;
  now?: () => Date;
};

type OutputFile = { body: Uint8Array; contentType: string };

const HTML = 'text/html; charset=utf-8';
const UPLOAD_CONCURRENCY = 8;
const JSON_TYPE = 'application/json';

function sha256(body: Uint8Array): string {
  return createHash('sha256').update(body).digest('hex');
}

/** The published tree's path of a language's not-found page. */
function notFoundFile(lang: Language, defaultLanguage: Language): string {
  return lang === defaultLanguage ? '404.html' : `${lang}/404.html`;
}

/**
 * Publishes a draft: media derivatives, then every position in every language rendered with
 * the built viewer, then only the bytes storage lacks, then a new version, then the live
 * pointer. A publish that changes nothing writes nothing; one that fails at any step leaves
 * the previous version live and whole.
 *
 * @example const result = await publishSite(draft, { storage, renderer, onProgress: console.log });
 */
export async function publishSite(draft: SiteDraft, deps: PublishDeps): Promise<PublishResult> {
  const started = performance.now();
  const { storage, renderer } = deps;
  const report = deps.onProgress ?? (() => {});
  const address = siteAddress(draft, { siteOrigin: deps.siteOrigin ?? DEFAULT_SITE_ORIGIN, siteDomain: deps.siteDomain });
  const defaultLanguage = draft.settings.defaultLanguage;

  const hasMembersOnly = draft.creatives.some((creative) => creative.pages.some((page) => page.content.membersOnlyLock));
  const membersUrls = hasMembersOnly ? mediaUrlsOf(draft, true) : [];
  const publicUrls = mediaUrlsOf(draft);
  const imageTotal = publicUrls.length + membersUrls.length;
  const media = await prepareMedia(draft, storage, (done) => report({ step: 'images', done, total: imageTotal }), publicUrls);
  // Members-only media get the same derivatives, kept under private/ and served by the API to members.
  const membersMedia: PreparedMedia = hasMembersOnly
    ? await prepareMedia(draft, membersOnlyMediaStorage(storage, draft.id), (done) => report({ step: 'images', done: publicUrls.length + done, total: imageTotal }), membersUrls)
    : { entries: {}, thumbnails: {}, made: 0, reused: 0 };

  const files = new Map<string, OutputFile>();
  const privateFiles = new Map<string, OutputFile>();
  const encoder = new TextEncoder();
  const languages = draft.settings.languages;
  const pageCount = draft.creatives.reduce((sum, creative) => sum + creative.pages.length, 0);
  const totalPages = languages.length * (pageCount + 1 + VISITOR_SUB_PATHS.length);
  let rendered = 0;
  report({ step: 'pages', done: 0, total: totalPages });
  for (const lang of languages) {
    const { site, pages } = buildSnapshot(draft, lang, media, address);
    if (lang === defaultLanguage) {
      files.set('sitemap.xml', { body: encoder.encode(sitemapXml(site)), contentType: 'application/xml; charset=utf-8' });
      files.set('robots.txt', { body: encoder.encode(robotsTxt(site)), contentType: 'text/plain; charset=utf-8' });
    }
    for (const page of pages) {
      const { html } = await renderer.renderPage({ site, page, assetOrigin: '' });
      const body = encoder.encode(html);
      files.set(publicFileName(lang, defaultLanguage, page.position), { body, contentType: HTML });
      const customPath = site.grid[page.columnIndex]?.pages[page.row - 1]?.customPath;
      if (customPath) files.set(customPathFileName(lang, defaultLanguage, customPath), { body, contentType: HTML });
      files.set(pageDataPath(lang, page.id), { body: encoder.encode(JSON.stringify(page)), contentType: JSON_TYPE });
      report({ step: 'pages', done: ++rendered, total: totalPages });
    }
    for (const page of hasMembersOnly ? buildMembersOnlyPages(draft, lang, membersMedia) : []) {
      privateFiles.set(`${lang}/${page.id}.json`, { body: encoder.encode(JSON.stringify(page)), contentType: JSON_TYPE });
    }
    const { html } = await renderer.renderPage({ site, page: null, assetOrigin: '' });
    files.set(notFoundFile(lang, defaultLanguage), { body: encoder.encode(html), contentType: HTML });
    report({ step: 'pages', done: ++rendered, total: totalPages });
    for (const screen of await renderScreens(renderer, site)) {
      files.set(screen.path, { body: encoder.encode(screen.html), contentType: HTML });
      report({ step: 'pages', done: ++rendered, total: totalPages });
    }
  }

  // Objects by storage key: public files under objects/, members-only data under private/objects/.
  const byKey = new Map<string, OutputFile>();
  const listFiles = (from: Map<string, OutputFile>, keyOf: (hash: string) => string): Record<string, ManifestFile> => {
    const listed: Record<string, ManifestFile> = {};
    for (const [path, file] of [...from].sort(([a], [b]) => a.localeCompare(b))) {
      const hash = sha256(file.body);
      listed[path] = { hash, contentType: file.contentType, size: file.body.byteLength };
      byKey.set(keyOf(hash), file);
    }
    return listed;
  };
  const manifestFiles = listFiles(files, objectKey);
  const manifestPrivate = listFiles(privateFiles, privateObjectKey);
  const assets = renderer.clientAssets.map((asset) => asset.key).sort();

  const live = await readLiveManifest(storage, draft.id);
  const result = (version: number | null, changed: boolean, written: number): PublishResult => ({
    version,
    changed,
    written,
    files: files.size,
    imagesMade: media.made + membersMedia.made,
    imagesReused: media.reused + membersMedia.reused,
    pagesRendered: rendered,
    durationMs: Math.round(performance.now() - started),
  });
  if (live && live.address.handle === address.handle && sameFiles(live.files, manifestFiles) && sameFiles(live.private, manifestPrivate) && live.assets.join('\n') === assets.join('\n')) {
    report({ step: 'upload', done: 0, total: 0 });
    return result(live.version, false, 0);
  }

  // The live version's objects are known to exist; anything else is checked before writing.
  const known = new Set(live ? [...Object.values(live.files).map((file) => objectKey(file.hash)), ...Object.values(live.private).map((file) => privateObjectKey(file.hash))] : []);
  const candidates = [...byKey.keys()].filter((key) => !known.has(key));
  const total = candidates.length + renderer.clientAssets.length;
  let done = 0;
  let written = 0;
  report({ step: 'upload', done, total });
  // Bounded parallel writes: one at a time is a round trip per object on S3.
  await forEachLimit(candidates, UPLOAD_CONCURRENCY, async (key) => {
    if (!(await storage.head(key))) {
      const file = byKey.get(key)!;
      await storage.put(key, file.body, { contentType: file.contentType });
      written++;
    }
    report({ step: 'upload', done: ++done, total });
  });
  await forEachLimit(renderer.clientAssets, UPLOAD_CONCURRENCY, async (asset) => {
    if (!(await storage.head(asset.key))) {
      await storage.put(asset.key, asset.body, { cacheControl: 'public, max-age=31536000, immutable' });
      written++;
    }
    report({ step: 'upload', done: ++done, total });
  });

  const now = deps.now?.() ?? new Date();
  const version = await nextVersionNumber(storage, draft.id);
  const manifest: Manifest = {
    siteId: draft.id,
    version,
    createdAt: now.toISOString(),
    files: manifestFiles,
    assets,
    private: manifestPrivate,
    address: { handle: address.handle, domain: address.domain, prefix: address.prefix, defaultLanguage },
  };
  await storage.put(manifestKey(draft.id, version), JSON.stringify(manifest), { contentType: JSON_TYPE });
  await switchLive(storage, draft.id, version, now);
  await moveHostPointers(storage, draft.id, live?.address, address);
  return result(version, true, written + 2);
}

function sameFiles(live: Record<string, ManifestFile>, files: Record<string, ManifestFile>): boolean {
  const livePaths = Object.keys(live);
  if (livePaths.length !== Object.keys(files).length) return false;
  return livePaths.every((path) => files[path]?.hash === live[path]!.hash);
}
