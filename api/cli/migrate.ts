import { z } from 'zod';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/open-database.ts';
import { parseOptions, type Command } from './command.ts';

/** Opening the database applies every migration it lacks; this does only that, for an upgrade done before the start. */
export const migrate: Command = {
  summary: 'apply the database migrations and exit',
  usage: 'swipegrid migrate',
  async run(args) {
    parseOptions(args, {});
    const { databaseFile } = loadConfig();
    const db = openDatabase(databaseFile);
    const applied = z.object({ n: z.number() }).parse(db.$client.prepare('select count(*) as n from __drizzle_migrations').get());
    db.$client.close();
    console.log(`${databaseFile}: ${applied.n} migrations applied.`);
    return 0;
  },
};
