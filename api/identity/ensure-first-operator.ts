import { randomInt, randomUUID } from 'node:crypto';
import { count } from 'drizzle-orm';
import { hashPassword } from './password.ts';
import type { Db } from '../db/open-database.ts';
import { accounts } from '../db/schema.ts';

export const DEFAULT_OPERATOR_EMAIL = 'admin@swipegrid.local';

/** A password that meets the admin rule (spec §5): 20 characters with every required class. */
export function generatePassword(): string {
  const classes = ['abcdefghijkmnopqrstuvwxyz', 'ABCDEFGHJKLMNPQRSTUVWXYZ', '23456789', '@#$%^&*_+-='];
  const all = classes.join('');
  const chars = classes.map((set) => set[randomInt(set.length)]!);
  while (chars.length < 20) chars.push(all[randomInt(all.length)]!);
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}

export type FirstOperator = { created: boolean; id?: string; email?: string; password?: string; generated?: boolean };

/**
 * On an empty database, creates the platform operator (MASTER) from ADMIN_EMAIL and
 * ADMIN_PASSWORD, or with a generated password that is returned so it can be printed once.
 */
export async function ensureFirstOperator(db: Db, settings: { email?: string; password?: string }): Promise<FirstOperator> {
  const existing = await db.select({ n: count() }).from(accounts).get();
  if (existing && existing.n > 0) return { created: false };
  const email = (settings.email ?? DEFAULT_OPERATOR_EMAIL).toLowerCase();
  const password = settings.password ?? generatePassword();
  const id = randomUUID();
  await db
    .insert(accounts)
    .values({ id, email, passwordHash: await hashPassword(password), accountType: 'MASTER' })
    .run();
  return { created: true, id, email, password, generated: settings.password === undefined };
}
