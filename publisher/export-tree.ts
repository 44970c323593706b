import { VARIANTS_FOLDER } from './variant-drafts.ts';
import { assertValidKey, contentTypeFor, type Storage } from '../storage/storage.ts';
import { forEachLimit } from './concurrency.ts';
import { mayReferenceMedia, mediaCollector } from './export-media.ts';
import { readLiveManifest } from './live.ts';
import { objectKey, type Manifest } from './versions.ts';

/** One file of an exported tree; its bytes are read only when a writer asks for them. */
export type ExportEntry = {
  /** Where the file sits in the tree, and the URL path (after `/`) it answers on a static host. */
  path: string;
  contentType: string;
  /** Known for the version's own files; assets and media are read without a size. */
  size?: number;
  /** Changes whenever the bytes may have: the content hash, or the key of a content-addressed object. */
  identity: string;
  read(): Promise<Uint8Array>;
};

export type ExportTree = {
  siteId: string;
  version: number;
  createdAt: string;
  /** The folder the pages were published for: '' at the root of the site's origin, its path prefix (`lp/`), or `sites/{id}/` for a version from the shared host. */
  base: string;
  entries: ExportEntry[];
};

const READS_IN_FLIGHT = 8;

/**
 * The folder of the tree the version's pages live in: the path part of the address they were
 * published for, so every root-absolute link in them (`/B1`, `/_astro/…`, `/media/…`, `_data`
 * fetches) resolves on a plain static host serving the tree at its root. A site on its own
 * origin was published for its root or its path prefix; versions from before that, published
 * for the shared host, name `{prefix}/sites/{id}/` (recorded as `basePath`, or, older still,
 * not recorded: then the custom domain's prefix or `{prefix}/sites/{id}/`).
 * @example exportBase({ siteId: 's1', address: { prefix: '', basePath: '/' } }) // ''
 * @example exportBase({ siteId: 's1', address: { prefix: '' } }) // 'sites/s1/'
 */
export function exportBase(manifest: Pick<Manifest, 'siteId' | 'address'>): string {
  const { basePath, domain, prefix } = manifest.address;
  const path = basePath ?? (domain ? `${prefix}/` : `${prefix}/sites/${manifest.siteId}/`);
  return path.replace(/^\/+/, '');
}

/** A page that sends a visitor at the tree's root to the pages' folder (a prefix, or an old version's `sites/{id}/`): a static host has no redirects. */
function entrancePage(base: string): string {
  const target = `/${base}`;
  return `<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="refresh" content="0; url=${target}"><link rel="canonical" href="${target}"><title>${target}</title></head><body><a href="${target}">${target}</a></body></html>\n`;
}

function text(body: string): () => Promise<Uint8Array> {
  const bytes = new TextEncoder().encode(body);
  return () => Promise.resolve(bytes);
}

async function readObject(storage: Storage, key: string, what: string): Promise<Uint8Array> {
  const object = await storage.get(key);
  if (!object) throw new Error(`The export needs ${what} (${key}), which storage does not hold.`);
  return object.body;
}

/**
 * The tree a static file server needs to serve the live version of a site, or null for a site
 * never published: the version's public files under the folder its pages were published for
 * (the root, for a site on its own origin without a prefix), the template's `_astro/` assets and
 * the `media/` derivatives the pages use, at the root as the pages name them. Never the
 * members-only files (the manifest's `private` map), which only the API hands out, to members.
 *
 * The media are the manifest's list; a manifest written before it listed them has every text
 * file read once here to find the media it names. A writer reads each file when it writes it,
 * one at a time.
 */
export async function exportTree(storage: Storage, siteId: string): Promise<ExportTree | null> {
  const manifest = await readLiveManifest(storage, siteId);
  if (!manifest) return null;
  const base = exportBase(manifest);
  const entries: ExportEntry[] = [];
  const add = (entry: ExportEntry) => {
    // A tree path becomes a file name and a zip entry: nothing may climb out of the folder.
    assertValidKey(entry.path);
    entries.push(entry);
  };

  // A static host cannot choose a variant per visitor, so it gets the control pages only.
  const files = Object.entries(manifest.files)
    .filter(([path]) => !path.startsWith(`${VARIANTS_FOLDER}/`))
    .sort(([a], [b]) => a.localeCompare(b));
  for (const [path, file] of files) {
    const key = objectKey(file.hash);
    add({ path: `${base}${path}`, contentType: file.contentType, size: file.size, identity: file.hash, read: () => readObject(storage, key, path) });
  }
  const notFound = manifest.files['404.html'];
  if (base !== '' && notFound) {
    // Static hosts answer a miss with the 404.html at their root, and `/` with the index there.
    const key = objectKey(notFound.hash);
    add({ path: '404.html', contentType: notFound.contentType, size: notFound.size, identity: notFound.hash, read: () => readObject(storage, key, '404.html') });
    const entrance = entrancePage(base);
    add({ path: 'index.html', contentType: 'text/html; charset=utf-8', identity: `entrance:${base}`, read: text(entrance) });
  }

  const media = mediaCollector(storage);
  if (manifest.media) media.list(manifest.media.public);
  else {
    // Written before manifests listed their media: the pages say which they use.
    const texts = files.filter(([, file]) => mayReferenceMedia(file.contentType));
    await forEachLimit(texts, READS_IN_FLIGHT, async ([path, file]) => {
      media.scan(file.contentType, await readObject(storage, objectKey(file.hash), path));
    });
  }
  // Content-addressed: a key's bytes never change, so the key is their identity.
  const shared = (key: string, what: string): ExportEntry => ({ path: key, contentType: contentTypeFor(key), identity: key, read: () => readObject(storage, key, what) });
  for (const key of manifest.assets) add(shared(key, 'a template asset'));
  for (const key of await media.keys()) add(shared(key, 'a media derivative'));
  return { siteId, version: manifest.version, createdAt: manifest.createdAt, base, entries };
}
