import { DEFAULT_ITEM_SIZE } from '../../../../../../model/constants.ts';
import type { Box } from '../../../../../../model/free-spot.ts';
import type { PageContent } from '../../../../../../model/page.ts';

/** Where the page's buttons, link areas and product points stand, for placing a new item beside them. */
export function takenBoxes(content: Pick<PageContent, 'buttons' | 'links' | 'products'>): Box[] {
  return [
    ...content.buttons.map((button) => ({ left: button.buttonPositionLeft, top: button.buttonPositionTop, width: button.buttonWidth, height: button.buttonHeight })),
    ...content.links.map((link) => ({ left: link.positionLeft, top: link.positionTop, width: link.width, height: link.height })),
    // A product point has no size of its own: the viewer draws a marker about an item's default size.
    ...content.products.map((product) => ({ left: product.coordinateX, top: product.coordinateY, ...DEFAULT_ITEM_SIZE })),
  ];
}
