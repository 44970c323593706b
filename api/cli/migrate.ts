import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { loadConfig } from '../config.ts';
import { closeDatabase, onPostgres, openDatabase } from '../db/open-database.ts';
import { parseOptions, type Command } from './command.ts';

/** Opening the database applies every migration it lacks; this does only that, for an upgrade done before the start. */
export const migrate: Command = {
  summary: 'apply the database migrations and exit',
  usage: 'swipegrid migrate',
  async run(args) {
    parseOptions(args, {});
    const { database } = loadConfig();
    const db = await openDatabase(database);
    const table = onPostgres(db) ? 'drizzle.__drizzle_migrations' : '__drizzle_migrations';
    const applied = z.object({ n: z.number() }).parse(await db.get<unknown>(sql`select count(*) as n from ${sql.raw(table)}`));
    await closeDatabase(db);
    // A URL's password stays out of the output.
    console.log(`${database.replace(/\/\/[^@/]*@/, '//')}: ${applied.n} migrations applied.`);
    return 0;
  },
};
