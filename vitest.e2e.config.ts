import { defineConfig } from 'vitest/config';

// Browser tests: a real server on random ports and Debian's Chromium, one file at a time.
export default defineConfig({
  test: {
    include: ['e2e/**/*.test.ts'],
    pool: 'forks',
    // Every answer is checked against its contract's response schema (api/http/route.ts).
    env: { SWIPEGRID_CHECK_RESPONSES: '1' },
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // A poll waits for the browser to reach a state; Vitest's 1 s default fails a correct screen that hydrates late on a loaded 2-core machine.
    expect: { poll: { timeout: 10_000 } },
  },
});
