import type { TestProject } from 'vitest/node';
import { startPostgres } from './postgres-server.ts';
import { makeTemplate } from './test-database.ts';

/** Starts one server for the whole run and migrates the template each test's database is copied from. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await startPostgres();
  await makeTemplate(server);
  project.provide('postgresServer', server.url(''));
  return () => server.stop();
}
