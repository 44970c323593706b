import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { emailSchema } from '../../model/account.ts';
import { messageText } from '../../model/messages/text.ts';
import { adminPasswordProblem } from '../../model/password-rule.ts';
import { hashPassword } from './password.ts';
import type { Db } from '../db/open-database.ts';
import { accounts } from '../db/schema.ts';
import { generatePassword } from './ensure-first-operator.ts';

/**
 * Creates a platform operator (MASTER) from the terminal: with the given password (which must
 * meet the admin rule) or a generated one, returned so it can be printed once.
 */
export async function createOperator(db: Db, settings: { email: string; password?: string }): Promise<{ id: string; email: string; password: string; generated: boolean }> {
  const email = emailSchema.parse(settings.email);
  if (await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.email, email)).get()) throw new Error(`An account with the email ${email} already exists.`);
  const problem = settings.password === undefined ? null : adminPasswordProblem(settings.password);
  if (problem) throw new Error(messageText(problem.key, 'en', problem.values));
  const password = settings.password ?? generatePassword();
  const id = randomUUID();
  await db
    .insert(accounts)
    .values({ id, email, passwordHash: await hashPassword(password), accountType: 'MASTER', companyName: 'Platform', updatedAt: new Date() })
    .run();
  return { id, email, password, generated: settings.password === undefined };
}
