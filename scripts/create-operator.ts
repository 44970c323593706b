import { parseArgs } from 'node:util';
import { loadConfig } from '../api/config.ts';
import { openDatabase } from '../api/db/open-database.ts';
import { createOperator } from '../api/identity/create-operator.ts';
import { seedPlans } from '../api/identity/seed-plans.ts';

/**
 * Creates a platform operator (MASTER) in the configured database and prints its login once:
 *   node --env-file-if-exists=.env scripts/create-operator.ts --email ops@example.com [--password '…']
 * Without --password a 20-character password meeting the admin rule is generated.
 */
const { values } = parseArgs({ options: { email: { type: 'string' }, password: { type: 'string' } } });
if (!values.email) {
  console.error('Usage: node scripts/create-operator.ts --email ops@example.com [--password …]');
  process.exit(2);
}
const db = openDatabase(loadConfig().databaseFile);
try {
  seedPlans(db);
  const operator = await createOperator(db, { email: values.email, password: values.password });
  console.log(`Operator created: ${operator.email}`);
  if (operator.generated) console.log(`Password:         ${operator.password}   (shown once)`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  db.$client.close();
}
