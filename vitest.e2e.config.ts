import { defineConfig } from 'vitest/config';

// Browser tests: a real server on random ports and Debian's Chromium, one file at a time.
export default defineConfig({
  test: {
    include: ['e2e/**/*.test.ts'],
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
