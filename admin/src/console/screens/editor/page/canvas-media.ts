/**
 * Every address a page's content names (its media, a button's image, a product's picture, its
 * music): a save that names one the canvas has not seen reloads the canvas, whose preview draft
 * serves only the media it knew when it opened. Typing a text saves without a reload.
 * @example contentAddresses({ detail: { imageUrl: '/api/media/s/m1', mainText: 'Hi' } }) // ['/api/media/s/m1']
 */
export function contentAddresses(content: unknown): string[] {
  const found: string[] = [];
  const walk = (value: unknown) => {
    if (typeof value === 'string') {
      if (/^(https?:\/\/|\/)/.test(value)) found.push(value);
    } else if (Array.isArray(value)) {
      for (const each of value) walk(each);
    } else if (typeof value === 'object' && value !== null) {
      for (const each of Object.values(value)) walk(each);
    }
  };
  walk(content);
  return found;
}
