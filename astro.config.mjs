// The admin console: a static Astro build whose screens are React islands, served by the
// API server at / on the admin origin. The visitor viewer is a separate Astro project in
// site-template/ (its own astro.config.mjs), built into a renderer for publishing.
import { basename } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { defineConfig } from 'astro/config';
import preact from '@astrojs/preact';

const CATALOGUE = /\/admin\/src\/console\/i18n\/catalogue-[\w-]+\.ts$/;
const LANGUAGES = ['en', 'jp', 'cn', 'kr'];

/**
 * The console's lazily loaded catalogues (admin/src/console/i18n/catalogue-*.ts) hold every text in
 * four languages; a screen needs one. In the build, each catalogue becomes a stub that loads its
 * texts in the language in use (later-texts.ts: registerTextLoader) and four one-language modules
 * made from the source's table, so a screen's first load carries a quarter of its texts.
 */
function consoleTextsByLanguage() {
  return {
    name: 'console-texts-by-language',
    enforce: 'pre',
    apply: 'build',
    async load(id) {
      const [file, query = ''] = id.split('?');
      if (!CATALOGUE.test(file)) return null;
      const lang = new URLSearchParams(query).get('texts');
      if (!lang) {
        const loaders = LANGUAGES.map((code) => `${code}: () => import('./${basename(file)}?texts=${code}')`).join(', ');
        return `import { registerTextLoader } from './later-texts.ts';\nconst loaders = { ${loaders} };\nawait registerTextLoader((lang) => loaders[lang]());\n`;
      }
      const index = LANGUAGES.indexOf(lang);
      const source = await import(pathToFileURL(file).href);
      const table = Object.values(source).find((value) => typeof value === 'object' && value !== null);
      const texts = Object.fromEntries(Object.entries(table).map(([key, row]) => [key, row[index] || row[0]]));
      return `import { addLanguageTexts } from './later-texts.ts';\naddLanguageTexts(${JSON.stringify(lang)}, ${JSON.stringify(texts)});\n`;
    },
  };
}

const REACT_COMPAT = fileURLToPath(new URL('./admin/src/console/runtime/react-compat.mjs', import.meta.url));

/** `react` (aliased to preact/compat by the Preact integration) resolves to the console's compat module, which fixes useId. */
function reactCompat() {
  return {
    name: 'console-react-compat',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (source !== 'preact/compat' || importer === REACT_COMPAT) return null;
      return REACT_COMPAT;
    },
  };
}

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  srcDir: './admin/src',
  publicDir: './admin/public',
  outDir: './dist/admin',
  output: 'static',
  integrations: [preact({ compat: true })],
  build: { assets: '_astro', inlineStylesheets: 'never' },
  vite: { plugins: [reactCompat(), consoleTextsByLanguage()] },
  telemetry: false,
  devToolbar: { enabled: false },
});
