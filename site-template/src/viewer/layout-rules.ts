import { ALBUM_CELL_ASPECT_RATIO_PC, ALBUM_CELL_WIDTH, ALBUM_CELL_WIDTH_PC, FOOTER_HEIGHTS, PC_FOOTER_OFFSET, PRODUCT_POPUP_WIDTH, REFERENCE_VIEWPORT, gridColumns } from '../../../model/constants.ts';

/**
 * Spec §9: album cells are 350 px wide at 16:9 on PC and 150 px elsewhere (there at the pages'
 * own portrait ratio, the reference viewport's); columns by the grid rule, at least one.
 * @example albumLayout(375, false) // { columns: 1, cellWidth: 150, cellHeight: 296 }
 */
export function albumLayout(containerWidth: number, pc: boolean): { columns: number; cellWidth: number; cellHeight: number } {
  const cellWidth = pc ? ALBUM_CELL_WIDTH_PC : ALBUM_CELL_WIDTH;
  const ratio = pc ? ALBUM_CELL_ASPECT_RATIO_PC : REFERENCE_VIEWPORT.width / REFERENCE_VIEWPORT.height;
  return { columns: gridColumns(containerWidth, cellWidth), cellWidth, cellHeight: Math.round(cellWidth / ratio) };
}

/**
 * Spec §9: the bottom bar is 37, 68 or 96 px tall for one, two or three rows (social links,
 * company tabs, powered-by), lifted 75 px in PC view; no rows, no bar.
 */
export function footerLayout(rows: number, pc: boolean): { height: number; bottom: number } | null {
  if (rows <= 0) return null;
  const height = FOOTER_HEIGHTS[FOOTER_HEIGHTS.length - Math.min(rows, FOOTER_HEIGHTS.length)]!;
  return { height, bottom: pc ? PC_FOOTER_OFFSET : 0 };
}

/**
 * Spec §9: the product popup is 353 to 358 px wide on a phone (as wide as the screen allows within
 * that range, never wider than the screen) and 800 px on PC (again never wider than the screen).
 */
export function productPopupWidth(containerWidth: number, pc: boolean): number {
  if (pc) return Math.min(PRODUCT_POPUP_WIDTH.pc, containerWidth);
  return Math.min(containerWidth, Math.max(PRODUCT_POPUP_WIDTH.min, Math.min(PRODUCT_POPUP_WIDTH.max, containerWidth - 17)));
}

/** Spec §2: the category tab bar shows when the site asks for it, unless the page shows two CTAs. */
export function globalMenuVisible(displayGlobalMenu: boolean, categories: number, shownCtas: number): boolean {
  return displayGlobalMenu && categories > 1 && shownCtas < 2;
}
