/**
 * The viewer component's absolute source path, as Astro's compiler writes it into the page for
 * the island's `uid` hash (astro.config.mjs defines it; src/pages/page-pieces.ts hashes it alike).
 */
declare const VIEWER_COMPONENT_PATH: string;
