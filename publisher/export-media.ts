import type { Storage } from '../storage/storage.ts';
import { forEachLimit } from './concurrency.ts';

/**
 * A media derivative wherever a published file names one: `src`, `srcset`, an absolute
 * `og:image`, the island's props (HTML-escaped JSON), a page's `_data` JSON. Derivatives sit
 * under `media/{sha256 of the source}/…`, so the 64 hex digits keep prose that merely mentions
 * "/media/" out, and the API's members-only address (`/private-media/~/…`) never matches.
 */
const MEDIA_REFERENCE = /\/(media\/[0-9a-f]{64}(?:\/[A-Za-z0-9._-]+)+)/g;
const HEADS_IN_FLIGHT = 8;
const decoder = new TextDecoder();

/** Whether a published file is text that may name media (pages, page data, the sitemap). */
export function mayReferenceMedia(contentType: string): boolean {
  return contentType.startsWith('text/') || contentType.startsWith('application/json') || contentType.startsWith('application/xml');
}

/** The `media/…` keys a text names, in order of first mention. */
export function mediaKeysIn(text: string): string[] {
  return [...new Set(Array.from(text.matchAll(MEDIA_REFERENCE), (match) => match[1]!.replace(/\.+$/, '')))];
}

/**
 * The keys an HLS playlist names (variant playlists, segments, init sections), resolved
 * against the playlist's own key; anything that would leave `media/` is dropped.
 * @example playlistKeys('media/ab…/hls/master.m3u8', '#EXTM3U\n720p/index.m3u8') // ['media/ab…/hls/720p/index.m3u8']
 */
export function playlistKeys(playlistKey: string, text: string): string[] {
  const uris: string[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '') continue;
    if (line.startsWith('#')) {
      for (const match of line.matchAll(/URI="([^"]+)"/g)) uris.push(match[1]!);
    } else uris.push(line);
  }
  const base = new URL(`http://export.invalid/${playlistKey}`);
  const keys: string[] = [];
  for (const uri of uris) {
    const url = new URL(uri, base);
    if (url.origin !== base.origin) continue;
    const key = decodeURIComponent(url.pathname.slice(1));
    if (key.startsWith('media/')) keys.push(key);
  }
  return keys;
}

/** Whether a key of a manifest's media list is a file the pages name: `set.json` is only the publisher's record of an image's set. */
function isPublishedMedia(key: string): boolean {
  return key.startsWith('media/') && !key.endsWith('/set.json');
}

/**
 * Collects the media a version's public files use, then answers their keys with every
 * playlist's segments followed. Two sources: the manifest's own list (`manifest.media.public`,
 * keys publishing made, so storage holds them), or, for a manifest written before it listed
 * its media, the published files as they are read one by one (a key only a scan found counts
 * once storage holds it).
 */
export function mediaCollector(storage: Storage) {
  const named = new Set<string>();
  const listed = new Set<string>();
  const missing = (key: string) => new Error(`The export needs a media derivative (${key}), which storage does not hold.`);
  return {
    /** Notes the media one published text file names. */
    scan(contentType: string, body: Uint8Array): void {
      if (!mayReferenceMedia(contentType)) return;
      for (const key of mediaKeysIn(decoder.decode(body))) named.add(key);
    },
    /** Takes the keys a manifest lists as its public media. */
    list(keys: Iterable<string>): void {
      for (const key of keys) if (isPublishedMedia(key)) listed.add(key);
    },
    /** The keys to export, playlists' members included, sorted. */
    async keys(): Promise<string[]> {
      const found = new Set<string>();
      // A listed key, and anything its playlist names, was made by publishing: a playlist is written after its segments.
      const trusted = new Set(listed);
      let pending = [...new Set([...listed, ...named])];
      const seen = new Set(pending);
      while (pending.length > 0) {
        const next: string[] = [];
        await forEachLimit(pending, HEADS_IN_FLIGHT, async (key) => {
          if (!key.endsWith('.m3u8')) {
            // A key a page names that storage lacks (a text quoting an address, say) is nothing to export.
            if (trusted.has(key) || (await storage.head(key).catch(() => null))) found.add(key);
            return;
          }
          const playlist = await storage.get(key).catch(() => null);
          if (!playlist) {
            if (trusted.has(key)) throw missing(key);
            return;
          }
          found.add(key);
          for (const member of playlistKeys(key, decoder.decode(playlist.body))) {
            if (trusted.has(key)) trusted.add(member);
            if (seen.has(member)) continue;
            seen.add(member);
            next.push(member);
          }
        });
        pending = next;
      }
      return [...found].sort();
    },
  };
}
