import { z } from 'zod';
import { PreconditionFailedError, type Storage } from '../storage/storage.ts';
import { pointHostNames, type HostNames } from './domains.ts';

/**
 * A version is a manifest mapping every public path of a site to the hash of its bytes
 * (stored once under `objects/{hash}`). The live pointer names one version; writing it is
 * the last step of a publish, so a publish that dies early leaves the old version live.
 */
export const manifestFileSchema = z.object({
  hash: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  /** For a rendered file, the hash of what it was rendered from (publisher/render-plan.ts): equal inputs, the next publish reuses it unrendered. */
  inputs: z.string().optional(),
});
export const manifestSchema = z.object({
  siteId: z.string(),
  version: z.number().int().positive(),
  createdAt: z.string(),
  files: z.record(z.string(), manifestFileSchema),
  /** Shared client assets (under `_astro/`) the pages need; an export copies them too. */
  assets: z.array(z.string()),
  /**
   * How visitors reach this version: its handle (`{handle}.{SITE_DOMAIN}`; absent in versions made
   * before handles), its custom domain, if any, its path prefix, the language whose pages sit at the
   * root, and the URL folder its pages were rendered for (an export writes the tree there).
   */
  address: z
    .object({ handle: z.string().optional(), domain: z.string().optional(), prefix: z.string(), defaultLanguage: z.string().optional(), basePath: z.string().optional() })
    .default({ prefix: '' }),
  /**
   * Members-only pages' data (`{lang}/{pageId}.json` → file), stored under `private/objects/`,
   * never served by the site host nor exported: only the API reads it, for a member's token.
   */
  private: z.record(z.string(), manifestFileSchema).default(() => ({})),
  /**
   * Storage keys of the public media derivatives this version's pages use, under `media/`. The
   * sweep keeps what any kept version lists here. Members-only media are never listed: a manifest
   * is no private file, and must not name what a locked page shows; the sweep reads those from the
   * version's private page data (`private`, kept only by manifests written before this rule).
   * Absent in manifests written before it existed: for those the sweep reads the pages too
   * (publisher/reachable.ts).
   */
  media: z.object({ public: z.array(z.string()), private: z.array(z.string()).optional() }).optional(),
});
export type Manifest = z.infer<typeof manifestSchema>;
export type ManifestFile = z.infer<typeof manifestFileSchema>;

export const livePointerSchema = z.object({
  version: z.number().int().positive(),
  switchedAt: z.string(),
  /**
   * The fencing token: the highest version a publish ever made live (a rollback lowers `version`,
   * never this). A publish may switch only to a version above it, so a stalled or re-run publish of
   * an older version can never switch the site back. Absent in pointers written before it: `version`.
   */
  fence: z.number().int().positive().optional(),
});
export type LivePointer = z.infer<typeof livePointerSchema>;

export const objectKey = (hash: string) => `objects/${hash}`;
export const privateObjectKey = (hash: string) => `private/objects/${hash}`;
export const manifestKey = (siteId: string, version: number) => `sites/${siteId}/manifests/${version}.json`;
export const liveKey = (siteId: string) => `sites/${siteId}/live.json`;

async function readJson<T>(storage: Storage, key: string, schema: z.ZodType<T>): Promise<T | null> {
  const object = await storage.get(key);
  return object ? schema.parse(JSON.parse(Buffer.from(object.body).toString('utf8'))) : null;
}

export function readLivePointer(storage: Storage, siteId: string): Promise<LivePointer | null> {
  return readJson(storage, liveKey(siteId), livePointerSchema);
}

export function readManifest(storage: Storage, siteId: string, version: number): Promise<Manifest | null> {
  return readJson(storage, manifestKey(siteId, version), manifestSchema);
}

/** The manifest visitors are served now, or null for a site never published. */
export async function readLiveManifest(storage: Storage, siteId: string): Promise<Manifest | null> {
  const pointer = await readLivePointer(storage, siteId);
  return pointer ? readManifest(storage, siteId, pointer.version) : null;
}

export type VersionSummary = { version: number; createdAt: string; files: number; live: boolean };

/** Every stored version of a site, newest first. */
export async function listVersions(storage: Storage, siteId: string): Promise<VersionSummary[]> {
  const pointer = await readLivePointer(storage, siteId);
  const versions: VersionSummary[] = [];
  for await (const info of storage.list(`sites/${siteId}/manifests/`)) {
    const match = /\/(\d+)\.json$/.exec(info.key);
    if (!match) continue;
    const manifest = await readManifest(storage, siteId, Number(match[1]));
    if (manifest) versions.push({ version: manifest.version, createdAt: manifest.createdAt, files: Object.keys(manifest.files).length, live: manifest.version === pointer?.version });
  }
  return versions.sort((a, b) => b.version - a.version);
}

export async function nextVersionNumber(storage: Storage, siteId: string): Promise<number> {
  // Above the fence too: its manifest may have been swept after a rollback, and a number at or
  // below it would be refused by switchLive.
  const pointer = await readLivePointer(storage, siteId);
  let highest = pointer ? fenceOf(pointer) : 0;
  for await (const info of storage.list(`sites/${siteId}/manifests/`)) {
    const match = /\/(\d+)\.json$/.exec(info.key);
    if (match) highest = Math.max(highest, Number(match[1]));
  }
  return highest + 1;
}

const NUMBERING_ATTEMPTS = 50;

/**
 * Stores the manifest under the next free version number and returns it numbered. Two publishes of one site
 * in two processes may read the same highest number; the manifest is written only where none is
 * (storage `ifMatch: null`: If-None-Match on S3, link() on fs), so the slower one takes the next.
 */
export async function writeNewVersion(storage: Storage, unnumbered: Omit<Manifest, 'version'>): Promise<Manifest> {
  for (let attempt = 1; ; attempt++) {
    const manifest: Manifest = { ...unnumbered, version: await nextVersionNumber(storage, unnumbered.siteId) };
    try {
      await storage.put(manifestKey(manifest.siteId, manifest.version), JSON.stringify(manifest), { contentType: 'application/json', ifMatch: null });
      return manifest;
    } catch (error) {
      if (!(error instanceof PreconditionFailedError) || attempt >= NUMBERING_ATTEMPTS) throw error;
    }
  }
}

/** A publish tried to switch the site to a version at or below one a publish already made live. */
export class StaleLiveSwitchError extends Error {
  override name = 'StaleLiveSwitchError';
  constructor(siteId: string, version: number, fence: number) {
    super(`Version ${version} of site ${siteId} was not made live: version ${fence} already was (this publish was overtaken by a newer one).`);
  }
}

const SWITCH_ATTEMPTS = 20;

/**
 * Points the site at a version: one small write, the last of any publish or rollback. A compare-and-set
 * on the pointer's etag (storage `ifMatch`: If-Match on S3), retried when another switch came between
 * the read and the write, so the check of the fence and the write are one step (across processes on S3;
 * within one on fs). `publish` switches only above the fence (else {@link StaleLiveSwitchError}) and
 * raises it; `rollback` may go to any version and keeps the fence where it is.
 */
export async function switchLive(storage: Storage, siteId: string, version: number, now = new Date(), kind: 'publish' | 'rollback' = 'publish'): Promise<LivePointer> {
  for (let attempt = 1; ; attempt++) {
    const object = await storage.get(liveKey(siteId));
    const current = object ? livePointerSchema.parse(JSON.parse(Buffer.from(object.body).toString('utf8'))) : null;
    const fence = current ? fenceOf(current) : 0;
    if (kind === 'publish' && version <= fence) throw new StaleLiveSwitchError(siteId, version, fence);
    const pointer: LivePointer = { version, switchedAt: now.toISOString(), fence: Math.max(fence, version) };
    try {
      await storage.put(liveKey(siteId), JSON.stringify(pointer), { contentType: 'application/json', cacheControl: 'no-cache', ifMatch: object?.etag ?? null });
      return pointer;
    } catch (error) {
      if (!(error instanceof PreconditionFailedError) || attempt >= SWITCH_ATTEMPTS) throw error;
    }
  }
}

function fenceOf(pointer: LivePointer): number {
  return Math.max(pointer.fence ?? 0, pointer.version);
}

/**
 * Makes an earlier version live again. The pointers follow the site's `current` names (the
 * caller's database knows them), not the ones the version was made for: a domain or handle the
 * site has given up since may belong to another site by now. Throws when the version does not exist.
 */
export async function rollback(storage: Storage, siteId: string, version: number, current: HostNames): Promise<LivePointer> {
  const manifest = await readManifest(storage, siteId, version);
  if (!manifest) throw new Error(`Version ${version} of this site does not exist.`);
  const live = await readLiveManifest(storage, siteId);
  const pointer = await switchLive(storage, siteId, version, new Date(), 'rollback');
  await pointHostNames(storage, siteId, current, [live?.address, manifest.address]);
  return pointer;
}
