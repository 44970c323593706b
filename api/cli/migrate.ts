import { z } from 'zod';
import { loadConfig } from '../config.ts';
import { onPostgres, openDatabase } from '../db/open-database.ts';
import { parseOptions, type Command } from './command.ts';

/** Opening the database applies every migration it lacks; this does only that, for an upgrade done before the start. */
export const migrate: Command = {
  summary: 'apply the database migrations and exit',
  usage: 'swipegrid migrate',
  async run(args) {
    parseOptions(args, {});
    const { database } = loadConfig();
    const db = openDatabase(database);
    const table = onPostgres(db) ? 'drizzle.__drizzle_migrations' : '__drizzle_migrations';
    const applied = z.object({ n: z.number() }).parse(db.$client.prepare(`select count(*) as n from ${table}`).get());
    db.$client.close();
    // A URL's password stays out of the output.
    console.log(`${database.replace(/\/\/[^@/]*@/, '//')}: ${applied.n} migrations applied.`);
    return 0;
  },
};
