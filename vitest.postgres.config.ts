import { defineConfig } from 'vitest/config';
import { testsReaching } from './scripts/tests-reaching.ts';
import base from './vitest.config.ts';

const TEST_DATABASE = 'api/db/pg/test-database.ts';

/**
 * `npm run test:postgres`: the unit and integration suite again, every test context on PostgreSQL.
 * The global setup starts one server from Debian's package and migrates a template database; each
 * test context gets a database holding what it holds (api/db/pg/test-database.ts). Only the test files whose imports reach that
 * helper run: the others never open a database, or open a SQLite file themselves, so they would run
 * exactly what the first pass ran (docs/decisions.md, "The PostgreSQL pass").
 */
export default defineConfig({
  test: {
    ...base.test,
    include: testsReaching(import.meta.dirname, base.test?.include ?? [], base.test?.exclude ?? [], TEST_DATABASE),
    globalSetup: ['./api/db/pg/postgres-global-setup.ts'],
  },
});
