import { z } from 'zod';

/**
 * What a version is: a manifest mapping every public path of a site to the hash of its bytes
 * (stored once under `objects/{hash}`), and the live pointer naming one version, with their keys.
 * Reading and writing them is publisher/live.ts's alone.
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

/**
 * The fence of a pointer: the highest version a publish made live (`version` for a pointer
 * written before fences).
 */
export function fenceOf(pointer: LivePointer): number {
  return Math.max(pointer.fence ?? 0, pointer.version);
}

/** A publish tried to switch the site to a version at or below one a publish already made live. */
export class StaleLiveSwitchError extends Error {
  override name = 'StaleLiveSwitchError';
  constructor(siteId: string, version: number, fence: number) {
    super(`Version ${version} of site ${siteId} was not made live: version ${fence} already was (this publish was overtaken by a newer one).`);
  }
}
