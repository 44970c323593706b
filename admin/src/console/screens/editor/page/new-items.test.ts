import { describe, expect, it } from 'vitest';
import { pageContentSchema } from '../../../../../../model/page.ts';
import { newButton, newLinkArea, newProduct } from './new-items.ts';

describe('new items', () => {
  const empty = pageContentSchema.parse({});
  it('places a new button clear of the page’s other buttons', () => {
    const first = newButton(empty, 'one');
    const second = newButton({ ...empty, buttons: [first] }, 'two');
    expect([first.id, second.id]).toEqual(['one', 'two']);
    const apart =
      first.buttonPositionLeft + first.buttonWidth <= second.buttonPositionLeft ||
      second.buttonPositionLeft + second.buttonWidth <= first.buttonPositionLeft ||
      first.buttonPositionTop + first.buttonHeight <= second.buttonPositionTop ||
      second.buttonPositionTop + second.buttonHeight <= first.buttonPositionTop;
    expect(apart).toBe(true);
  });
  it('orders a new product after the page’s others, and gives a link area its id', () => {
    const first = newProduct(empty, 'p');
    expect(newProduct({ ...empty, products: [first] }, 'q')).toMatchObject({ id: 'q', order: 1 });
    expect(newLinkArea('l').id).toBe('l');
  });
});
