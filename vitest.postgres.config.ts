import { defineConfig } from 'vitest/config';
import base from './vitest.config.ts';

/**
 * `npm run test:postgres`: the tests that run on both dialects, against one PostgreSQL server the
 * global setup starts from Debian's package; each file copies the migrated template database.
 * docs/postgres-plan.md: as modules move to AnyQueries, `include` grows to the whole suite.
 * (Not mergeConfig: it would append to the base `include`, which is the whole suite.)
 */
export default defineConfig({
  test: {
    ...base.test,
    include: ['api/**/*-dialects.test.ts', 'api/db/pg/**/*.test.ts'],
    globalSetup: ['./api/db/pg/postgres-global-setup.ts'],
  },
});
