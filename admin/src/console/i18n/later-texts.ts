/**
 * A console text in its four languages. Order: en, jp, cn, kr (spec §1: Japanese, English,
 * Chinese, Korean; §9: default Japanese, fallback English).
 */
export type Row = readonly [en: string, jp: string, cn: string, kr: string];

/**
 * Texts that arrive with a lazily loaded chunk (the signed-in screens'), by key. A leaf module:
 * the chunk writes here as it loads and the catalogue reads here, so neither imports the other.
 */
export const LATER_TEXTS = new Map<string, Row>();

/** Adds a chunk's texts; called once by its own module as it loads. */
export function addLaterTexts(rows: Readonly<Record<string, Row>>): void {
  for (const [key, row] of Object.entries(rows)) LATER_TEXTS.set(key, row);
}
