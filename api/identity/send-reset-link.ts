import { eq } from 'drizzle-orm';
import type { Db } from '../db/open-database.ts';
import { accounts } from '../db/schema.ts';
import type { Mailer } from '../mail/mailer.ts';
import { tenantOf } from './find-account.ts';
import { issuePasswordToken } from './password-tokens.ts';
import { sendPasswordLink } from './send-password-link.ts';

/** Mails a reset link to a known account whose contract is not terminated; says nothing either way. */
export async function sendResetLink(db: Db, mailer: Mailer, adminOrigin: string, email: string): Promise<void> {
  const account = await db.select().from(accounts).where(eq(accounts.email, email)).get();
  if (account && (await tenantOf(db, account)).contractState !== 'terminated') {
    const token = await issuePasswordToken(db, account.id, 'reset');
    await sendPasswordLink(mailer, { adminOrigin, to: account.email, token, purpose: 'reset' });
  }
}
