/** The key Astro reads a component's renderer from (its own `__astro_tag_component__` sets it, untyped). */
const RENDERER = Symbol.for('astro:renderer');

/**
 * Names Preact as the renderer of the page's islands. Untagged, Astro asks each renderer's
 * check() whose component it is, and Preact's check answers by rendering the whole island: every
 * page was rendered twice (docs/decisions.md, "Render per page").
 */
export function preactIslands(...components: object[]): void {
  for (const component of components) {
    if (!Object.hasOwn(component, RENDERER)) Object.defineProperty(component, RENDERER, { value: '@astrojs/preact' });
  }
}
