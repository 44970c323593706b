// The admin console: a static Astro build whose screens are React islands, served by the
// API server at / on the admin origin. The visitor viewer is a separate Astro project in
// site-template/ (its own astro.config.mjs), built into a renderer for publishing.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  srcDir: './admin/src',
  publicDir: './admin/public',
  outDir: './dist/admin',
  output: 'static',
  integrations: [react()],
  build: { assets: '_astro', inlineStylesheets: 'never' },
  telemetry: false,
  devToolbar: { enabled: false },
});
