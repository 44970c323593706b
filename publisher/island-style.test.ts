import { ISLAND_STYLES } from 'astro/runtime/server/astro-island-styles.js';
import { describe, expect, it } from 'vitest';
import { withoutIslandStyle } from './island-style.ts';

const bytes = (text: string) => new Uint8Array(Buffer.from(text));
const text = (page: Uint8Array) => Buffer.from(page).toString();

describe('withoutIslandStyle', () => {
  it('takes out the <style> Astro writes before the first island, and only that', () => {
    const page = `<head><style>a{}</style></head><body><h1>見出し</h1><style>${ISLAND_STYLES}</style><script>1</script><astro-island></astro-island></body>`;
    expect(text(withoutIslandStyle(bytes(page)))).toBe('<head><style>a{}</style></head><body><h1>見出し</h1><script>1</script><astro-island></astro-island></body>');
  });

  it('gives a page without it back as it is', () => {
    const page = bytes('<body><main>404</main></body>');
    expect(withoutIslandStyle(page)).toBe(page);
  });
});
