import { DEFAULT_ITEM_SIZE } from '../../../../../../model/constants.ts';
import { freeSpot } from '../../../../../../model/free-spot.ts';
import { buttonSchema, linkAreaSchema, productSchema, type PageContent } from '../../../../../../model/page.ts';
import { takenBoxes } from './taken-boxes.ts';

/** The kinds of item the canvas toolbar adds, and the prefix of their canvas keys (`button-{id}`). */
export type NewItemKind = 'button' | 'link' | 'product';

/**
 * A new item of a kind for the page as it stands, with a fresh id: beside what the page holds,
 * never over the next-page arrow or another item. Answers where it goes in the form and its canvas key,
 * so the editor can select it at once.
 */
export function newItem(kind: NewItemKind, content: PageContent, id: string = crypto.randomUUID()) {
  const spot = freeSpot(takenBoxes(content), DEFAULT_ITEM_SIZE);
  const key = `${kind}-${id}`;
  if (kind === 'button') {
    const button = buttonSchema.parse({
      id,
      buttonText: 'CTA',
      buttonPositionLeft: spot.left,
      buttonPositionTop: spot.top,
      buttonWidth: DEFAULT_ITEM_SIZE.width,
      buttonHeight: DEFAULT_ITEM_SIZE.height,
    });
    return { key, field: 'buttons' as const, items: [...content.buttons, button] };
  }
  if (kind === 'link') {
    const link = linkAreaSchema.parse({ id, positionLeft: spot.left, positionTop: spot.top, width: DEFAULT_ITEM_SIZE.width, height: DEFAULT_ITEM_SIZE.height });
    return { key, field: 'links' as const, items: [...content.links, link] };
  }
  // A product point is a place: the middle of the free spot.
  const product = productSchema.parse({
    id,
    order: content.products.length,
    coordinateX: Math.round(spot.left + DEFAULT_ITEM_SIZE.width / 2),
    coordinateY: Math.round(spot.top + DEFAULT_ITEM_SIZE.height / 2),
  });
  return { key, field: 'products' as const, items: [...content.products, product] };
}
