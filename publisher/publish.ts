import { createHash } from 'node:crypto';
import type { SiteDraft } from '../model/draft.ts';
import type { Storage } from '../storage/storage.ts';
import { forEachLimit } from './concurrency.ts';
import { mediaUrlsOf, prepareMedia, type PreparedMedia, type ReadyVideos } from './media.ts';
import { membersOnlyMediaStorage } from './private-media.ts';
import type { Renderer } from './renderer.ts';
import { planLanguage, type RenderJob } from './render-plan.ts';
import { buildMembersOnlyPages, buildSnapshot } from './snapshot.ts';
import { pageDataPath } from '../model/snapshot.ts';
import { robotsTxt, sitemapXml } from './sitemap.ts';
import { DEFAULT_FAVICON_PATH, defaultFavicon, FAVICON_CONTENT_TYPE } from './default-favicon.ts';
import { pointHostNames } from './domains.ts';
import { DEFAULT_SITE_ORIGIN, siteAddress } from '../model/site-address.ts';
import { draftWithVariantMedia, variantDraft, variantKeysOf, variantPath } from './variant-drafts.ts';
import { readLive, readManifest, switchLive, writeNewVersion } from './live.ts';
import { addReferences, emptyReferences, knowReferences, referencesOf } from './reachable.ts';
import { addEntries, referencedKeys } from './reference-index.ts';
import { objectKey, privateObjectKey, type Manifest, type ManifestFile } from './versions.ts';

export type PublishStep = 'images' | 'video' | 'pages' | 'upload';
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
  /** Videos packaged to HLS by this publish; a video packaged before (by any site) is not counted. */
  videosPackaged: number;
  /** Renders of the template this publish ran; each is one 'pages' progress event after the first. */
  pagesRendered: number;
  /** Renders skipped because the live version has a file rendered from the same inputs. */
  pagesReused: number;
  durationMs: number;
};

export type PublishDeps = {
  storage: Storage;
  renderer: Renderer;
  onProgress?: (progress: PublishProgress) => void;
  /** SITE_ORIGIN: the shared site host; every site's own origin (handle or custom domain) keeps its scheme and port. */
  siteOrigin?: string;
  /** SITE_DOMAIN: a site without a custom domain is `{handle}.{siteDomain}`; default from siteOrigin (model/site-address.ts). */
  siteDomain?: string;
  now?: () => Date;
  /** The draft's videos already encoded (publishAndSweep does it before the storage lease); they are then only stored here. */
  videos?: ReadyVideos;
};

type OutputFile = { body: Uint8Array; contentType: string; inputs?: string };

const HTML = 'text/html; charset=utf-8';
const UPLOAD_CONCURRENCY = 8;
const JSON_TYPE = 'application/json';
/** 64 bits of the grid manifest's SHA-256 name it: unique enough among one site's versions, and short in every page. */
const GRID_HASH_LENGTH = 16;

function sha256(body: Uint8Array): string {
  return createHash('sha256').update(body).digest('hex');
}

/** Every medium the public pages use, their A/B variants' included. */
export const publicMediaUrlsOf = (draft: SiteDraft): string[] => mediaUrlsOf(draftWithVariantMedia(draft));

/** What a publish hands on to its sweep: the version it replaced and the one live when it ended (the same when nothing changed). */
export type Published = { result: PublishResult; previous: Manifest | null; published: Manifest | null };

/**
 * Publishes a draft: media derivatives, then every position in every language rendered with
 * the built viewer, then only the bytes storage lacks, then a new version, then the live
 * pointer. A publish that changes nothing writes nothing; one that fails at any step leaves
 * the previous version live and whole.
 *
 * @example const result = await publishSite(draft, { storage, renderer, onProgress: console.log });
 */
export async function publishSite(draft: SiteDraft, deps: PublishDeps): Promise<PublishResult> {
  return (await publishVersion(draft, deps)).result;
}

/**
 * {@link publishSite}, answering also the manifests its sweep needs. The live pointer is read
 * once, here: the version it names decides what is reused and is what the sweep compares with,
 * its fence numbers the new version, and its etag is what the switch compares against.
 */
export async function publishVersion(draft: SiteDraft, deps: PublishDeps): Promise<Published> {
  const started = performance.now();
  const { storage, renderer } = deps;
  const report = deps.onProgress ?? (() => {});
  const address = siteAddress(draft, { siteOrigin: deps.siteOrigin ?? DEFAULT_SITE_ORIGIN, siteDomain: deps.siteDomain });
  const defaultLanguage = draft.settings.defaultLanguage;

  const hasMembersOnly = draft.creatives.some((creative) => creative.pages.some((page) => page.content.membersOnlyLock));
  const membersUrls = hasMembersOnly ? mediaUrlsOf(draft, true) : [];
  const publicUrls = publicMediaUrlsOf(draft);
  const imageTotal = publicUrls.length + membersUrls.length;
  // Members-only media get the same derivatives, kept under private/ and served by the API to members.
  // They come first so that the video step, which follows the public images, is the last before pages.
  const membersMedia: PreparedMedia = hasMembersOnly
    ? await prepareMedia(draft, membersOnlyMediaStorage(storage, draft.id), (done) => report({ step: 'images', done, total: imageTotal }), membersUrls)
    : { entries: {}, thumbnails: {}, keys: [], made: 0, reused: 0 };
  const media = await prepareMedia(draft, storage, (done) => report({ step: 'images', done: membersUrls.length + done, total: imageTotal }), publicUrls, {
    // Encoded before: the video step was reported then, and storing its files is quick.
    onProgress: deps.videos ? () => {} : (done, total) => report({ step: 'video', done, total }),
    ready: deps.videos,
  });

  const current = await readLive(storage, draft.id);
  const live = current.pointer ? await readManifest(storage, draft.id, current.pointer.version) : null;
  const files = new Map<string, OutputFile>();
  const privateFiles = new Map<string, OutputFile>();
  const encoder = new TextEncoder();
  const jobs: RenderJob[] = [];
  const variantKeys = variantKeysOf(draft);
  for (const lang of draft.settings.languages) {
    const snapshot = buildSnapshot(draft, lang, media, address);
    if (lang === defaultLanguage) {
      files.set('sitemap.xml', { body: encoder.encode(sitemapXml(snapshot.site)), contentType: 'application/xml; charset=utf-8' });
      files.set('robots.txt', { body: encoder.encode(robotsTxt(snapshot.site)), contentType: 'text/plain; charset=utf-8' });
      // The owner's icon is linked from every page; without one, browsers still ask for /favicon.ico.
      if (!draft.settings.faviconSetting) files.set(DEFAULT_FAVICON_PATH, { body: await defaultFavicon(), contentType: FAVICON_CONTENT_TYPE });
    }
    const plan = planLanguage(snapshot, renderer.buildId, (body) => sha256(encoder.encode(body)).slice(0, GRID_HASH_LENGTH));
    for (const data of plan.data) files.set(data.path, { body: encoder.encode(data.body), contentType: JSON_TYPE });
    jobs.push(...plan.renders);
    // Each variant's pages rendered like the control's, into their own paths; the grid manifest is content-addressed, so a variant's own grid sits beside the control's.
    for (const key of variantKeys) {
      const variant = variantDraft(draft, key);
      const variantPlan = planLanguage(buildSnapshot(variant.draft, lang, media, address), renderer.buildId, (body) => sha256(encoder.encode(body)).slice(0, GRID_HASH_LENGTH));
      for (const data of variantPlan.data) {
        if (data.path.startsWith('_grid/')) files.set(data.path, { body: encoder.encode(data.body), contentType: JSON_TYPE });
      }
      for (const id of variant.pageIds) {
        const path = pageDataPath(lang, id);
        const data = variantPlan.data.find((file) => file.path === path);
        if (data) files.set(variantPath(key, path), { body: encoder.encode(data.body), contentType: JSON_TYPE });
      }
      for (const job of variantPlan.renders) {
        if (job.locals.page && variant.pageIds.has(job.locals.page.id)) jobs.push({ ...job, paths: job.paths.map((path) => variantPath(key, path)) });
      }
    }
    for (const page of hasMembersOnly ? buildMembersOnlyPages(draft, lang, membersMedia) : []) {
      privateFiles.set(`${lang}/${page.id}.json`, { body: encoder.encode(JSON.stringify(page)), contentType: JSON_TYPE });
    }
  }

  // A render whose inputs the live version already has keeps the live bytes: same inputs, same file.
  const reused = new Map<string, ManifestFile>();
  const toRender = jobs.filter((job) => {
    const previous = job.paths.map((path) => live?.files[path]);
    if (!previous.every((file) => file?.inputs === job.inputs && file.hash === previous[0]!.hash)) return true;
    for (const [index, path] of job.paths.entries()) reused.set(path, previous[index]!);
    return false;
  });
  let rendered = 0;
  report({ step: 'pages', done: 0, total: toRender.length });
  for (const job of toRender) {
    const { body } = await renderer.renderPage(job.locals);
    for (const path of job.paths) files.set(path, { body, contentType: HTML, inputs: job.inputs });
    report({ step: 'pages', done: ++rendered, total: toRender.length });
  }

  // Objects by storage key: public files under objects/, members-only data under private/objects/.
  const byKey = new Map<string, OutputFile>();
  const listFiles = (from: Map<string, OutputFile>, keyOf: (hash: string) => string, kept = new Map<string, ManifestFile>()): Record<string, ManifestFile> => {
    const listed: Record<string, ManifestFile> = {};
    const paths = [...from.keys(), ...kept.keys()].sort((a, b) => a.localeCompare(b));
    for (const path of paths) {
      const file = from.get(path);
      if (!file) {
        listed[path] = kept.get(path)!;
        continue;
      }
      const hash = sha256(file.body);
      listed[path] = { hash, contentType: file.contentType, size: file.body.byteLength, ...(file.inputs ? { inputs: file.inputs } : {}) };
      byKey.set(keyOf(hash), file);
    }
    return listed;
  };
  const manifestFiles = listFiles(files, objectKey, reused);
  const manifestPrivate = listFiles(privateFiles, privateObjectKey);
  const assets = renderer.clientAssets.map((asset) => asset.key).sort();

  const result = (version: number | null, changed: boolean, written: number): PublishResult => ({
    version,
    changed,
    written,
    files: Object.keys(manifestFiles).length,
    imagesMade: media.made + membersMedia.made,
    imagesReused: media.reused + membersMedia.reused,
    videosPackaged: media.videosPackaged ?? 0,
    pagesRendered: rendered,
    pagesReused: jobs.length - rendered,
    durationMs: Math.round(performance.now() - started),
  });
  // A live manifest from before media were listed is rewritten once, so the sweep can trust the
  // list; so is one that still names members-only media, so the live manifest names none.
  if (
    live?.media &&
    !live.media.private &&
    live.address.handle === address.handle &&
    sameFiles(live.files, manifestFiles) &&
    sameFiles(live.private, manifestPrivate) &&
    live.assets.join('\n') === assets.join('\n')
  ) {
    report({ step: 'upload', done: 0, total: 0 });
    // Nothing to write but the pointers: one lost, or still held by a name the site gave up, is set right.
    await pointHostNames(storage, draft.id, address, [live.address]);
    return { result: result(live.version, false, 0), previous: live, published: live };
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
  const unnumbered: Omit<Manifest, 'version'> = {
    siteId: draft.id,
    createdAt: now.toISOString(),
    files: manifestFiles,
    assets,
    private: manifestPrivate,
    // Members-only media stay unnamed here (the sweep reads them from the private page data).
    media: { public: [...new Set(media.keys)].sort() },
    address: { handle: address.handle, domain: address.domain, prefix: address.prefix, defaultLanguage, basePath: address.basePath },
  };
  // The reference index learns what this version reaches before the version exists: a publish
  // killed in between leaves an entry that only keeps a key longer, never a version whose keys
  // another site's sweep could take (publisher/reference-index.ts).
  const reached = await addReferences(storage, unnumbered, emptyReferences());
  const before = new Set(live ? referencedKeys(await referencesOf(storage, live)) : []);
  await addEntries(
    storage,
    draft.id,
    referencedKeys(reached).filter((key) => !before.has(key)),
  );
  const manifest = await writeNewVersion(storage, unnumbered, current.pointer);
  knowReferences(manifest, reached);
  await switchLive(storage, draft.id, manifest.version, { now, expected: current });
  await pointHostNames(storage, draft.id, address, [live?.address]);
  return { result: result(manifest.version, true, written + 2), previous: live, published: manifest };
}

function sameFiles(live: Record<string, ManifestFile>, files: Record<string, ManifestFile>): boolean {
  const livePaths = Object.keys(live);
  if (livePaths.length !== Object.keys(files).length) return false;
  return livePaths.every((path) => files[path]?.hash === live[path]!.hash && files[path]?.inputs === live[path]!.inputs);
}
