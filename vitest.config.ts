import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{model,api,publisher,storage,scripts,site-template,admin}/**/*.test.{ts,tsx}'],
    exclude: ['**/node_modules/**', '**/dist/**'],
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
