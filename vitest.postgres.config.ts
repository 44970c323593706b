import { defineConfig } from 'vitest/config';
import base from './vitest.config.ts';

/**
 * `npm run test:postgres`: the unit and integration suite again, every test context on PostgreSQL.
 * The global setup starts one server from Debian's package and migrates a template database; each
 * test context copies it (api/db/pg/test-database.ts). Tests that open a SQLite file themselves stay on SQLite.
 */
export default defineConfig({
  test: {
    ...base.test,
    globalSetup: ['./api/db/pg/postgres-global-setup.ts'],
  },
});
