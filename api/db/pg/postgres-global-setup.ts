import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../open-database.ts';
import { startPostgres } from './postgres-server.ts';
import { TEMPLATE } from './test-database.ts';

/** Starts one server for the whole run and migrates the template each test's database is copied from. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await startPostgres();
  const client = new pg.Client({ connectionString: server.url('postgres') });
  await client.connect();
  await client.query(`CREATE DATABASE ${TEMPLATE}`);
  await client.end();
  openDatabase(server.url(TEMPLATE)).$client.close();
  project.provide('postgresServer', server.url(''));
  return () => server.stop();
}
