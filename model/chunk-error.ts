/**
 * Whether an error is a failed dynamic import (a chunk that did not download): what browsers
 * and bundlers say differs, so the texts are matched. Such a failure is cached by the module
 * loader, so only a reload fixes it; any other error may go away on a retry.
 * @example isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /_astro/x.js')) // true
 */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'ChunkLoadError') return true;
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported|Unable to preload CSS|Loading chunk [\w-]+ failed/i.test(error.message);
}
