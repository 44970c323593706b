import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{model,api,publisher,storage,scripts,site-template,admin,deploy}/**/*.test.{ts,tsx}'],
    exclude: ['**/node_modules/**', '**/dist/**'],
    pool: 'forks',
    // Every answer is checked against its contract's response schema (api/http/route.ts).
    env: { SWIPEGRID_CHECK_RESPONSES: '1' },
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
