// The visitor viewer. Built once per release into a server entry exposing
// render(request, locals) plus hashed client assets; publishing renders every
// page from that entry without Vite (see DESIGN.md and docs/decisions.md).
import { fileURLToPath } from 'node:url';
import { defineConfig, passthroughImageService } from 'astro/config';
import react from '@astrojs/react';
import snapshotRenderer from './adapter/integration.mjs';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  outDir: fileURLToPath(new URL('./dist', import.meta.url)),
  output: 'server',
  adapter: snapshotRenderer(),
  integrations: [react()],
  build: { assets: '_astro', inlineStylesheets: 'never' },
  // Images are made by the publisher with sharp, keyed by content hash; Astro's own service is not used.
  image: { service: passthroughImageService() },
  telemetry: false,
  devToolbar: { enabled: false },
  vite: { logLevel: 'warn' },
});
