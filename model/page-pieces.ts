/**
 * What of a viewer page depends on the page, in the order the page's HTML holds it: the head's tags
 * (`<title>` to the image preload), the viewer data script's JSON, the viewer island's `uid` and
 * the island's server-rendered HTML. Everything else of a viewer page is the same for every page of
 * one site object; the publisher renders that shell once and splices these in (publisher/page-shell.ts).
 */
export type PagePieces = { head: string; data: string; uid: string; island: string };
