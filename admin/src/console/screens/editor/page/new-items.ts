import { DEFAULT_ITEM_SIZE } from '../../../../../../model/constants.ts';
import { freeSpot } from '../../../../../../model/free-spot.ts';
import { buttonSchema, linkAreaSchema, productSchema, type PageContent } from '../../../../../../model/page.ts';
import { takenBoxes } from './taken-boxes.ts';

/** A new CTA button beside what the page holds, never over the next-page arrow or another item. */
export function newButton(content: PageContent, id: string = crypto.randomUUID()) {
  const spot = freeSpot(takenBoxes(content), DEFAULT_ITEM_SIZE);
  return buttonSchema.parse({
    id,
    buttonText: 'CTA',
    buttonPositionLeft: spot.left,
    buttonPositionTop: spot.top,
    buttonWidth: DEFAULT_ITEM_SIZE.width,
    buttonHeight: DEFAULT_ITEM_SIZE.height,
  });
}

/** A new invisible link area. */
export function newLinkArea(id: string = crypto.randomUUID()) {
  return linkAreaSchema.parse({ id, positionLeft: 70, positionTop: 150 });
}

/** A new product point, ordered after the page's others. */
export function newProduct(content: PageContent, id: string = crypto.randomUUID()) {
  return productSchema.parse({ id, order: content.products.length });
}
