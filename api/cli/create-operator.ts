import { loadConfig } from '../config.ts';
import { closeDatabase, openDatabase } from '../db/open-database.ts';
import { createOperator as create } from '../identity/create-operator.ts';
import { seedPlans } from '../identity/seed-plans.ts';
import { parseOptions, UsageError, type Command } from './command.ts';

/** A platform operator (MASTER) in the configured database, its login printed once; without --password a 20-character one is generated. */
export const createOperator: Command = {
  summary: 'add a platform operator (MASTER) and print its login once',
  usage: "swipegrid create-operator --email ops@example.com [--password '…']",
  async run(args) {
    const values = parseOptions(args, { email: { type: 'string' }, password: { type: 'string' } });
    if (!values.email) throw new UsageError('--email is required');
    const db = await openDatabase(loadConfig().database);
    try {
      await seedPlans(db);
      const operator = await create(db, { email: values.email, password: values.password });
      console.log(`Operator created: ${operator.email}`);
      if (operator.generated) console.log(`Password:         ${operator.password}   (shown once)`);
      return 0;
    } catch (error) {
      console.error(error instanceof Error ? error.message : error);
      return 1;
    } finally {
      await closeDatabase(db);
    }
  },
};
