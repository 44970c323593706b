// The visitor viewer. Built once per release into a server entry exposing
// render(request, locals) plus hashed client assets; publishing renders every
// page from that entry without Vite (see DESIGN.md and docs/decisions.md).
import { fileURLToPath } from 'node:url';
import { defineConfig, passthroughImageService } from 'astro/config';
import preact from '@astrojs/preact';
import snapshotRenderer from './adapter/integration.mjs';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  outDir: fileURLToPath(new URL('./dist', import.meta.url)),
  output: 'server',
  adapter: snapshotRenderer(),
  // Preact with its React compat layer: the island's React code unchanged, ~55 KB less JavaScript (decisions.md).
  integrations: [preact({ compat: true })],
  // The stylesheet is small (~5 KB); inlined, the first paint waits for no second request.
  build: { assets: '_astro', inlineStylesheets: 'always' },
  // Images are made by the publisher with sharp, keyed by content hash; Astro's own service is not used.
  image: { service: passthroughImageService() },
  telemetry: false,
  devToolbar: { enabled: false },
  vite: {
    logLevel: 'warn',
    // hls.js (~180 KB gzipped) is its own chunk, loaded only when a video page is near.
    build: { chunkSizeWarningLimit: 600 },
    // The path Astro's compiler names the viewer island by; its uid hashes it (src/pages/page-pieces.ts).
    define: { VIEWER_COMPONENT_PATH: JSON.stringify(fileURLToPath(new URL('./src/viewer/Viewer.tsx', import.meta.url))) },
  },
});
