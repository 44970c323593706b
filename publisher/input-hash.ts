import { createHash } from 'node:crypto';

/**
 * The hash of what a file is rendered from. A file is a pure function of the template build and
 * the renderer's locals, so equal inputs mean equal bytes and the previous version's file can be
 * reused without rendering it. Parts are length-prefixed so no two lists of parts hash alike.
 *
 * @example inputHash(renderer.buildId, siteHash, 'page', JSON.stringify(page))
 */
export function inputHash(...parts: string[]): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(`${part.length}:`).update(part);
  return hash.digest('hex');
}
