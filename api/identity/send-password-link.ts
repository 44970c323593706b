import type { Mailer } from '../mail/mailer.ts';
import type { PasswordTokenPurpose } from './password-tokens.ts';

/** The admin screen a link opens (spec §2: /new-password) with its token. */
export function passwordLink(adminOrigin: string, token: string): string {
  return `${adminOrigin}/new-password?token=${encodeURIComponent(token)}`;
}

const TEXTS: Readonly<Record<PasswordTokenPurpose, { subject: string; intro: string; validity: string }>> = {
  reset: {
    subject: 'Swipegrid: reset your password',
    intro: 'A password reset was requested for your Swipegrid account. Open this link to choose a new password:',
    validity: 'The link works once, for one hour. If you did not ask for it, ignore this message.',
  },
  invite: {
    subject: 'Swipegrid: your account is ready',
    intro: 'An account was created for you on Swipegrid. Open this link to choose your password and sign in:',
    validity: 'The link works once, for seven days.',
  },
};

/** Mails a password link (a reset, or the invitation of a new account). */
export async function sendPasswordLink(mailer: Mailer, options: { adminOrigin: string; to: string; token: string; purpose: PasswordTokenPurpose }): Promise<void> {
  const text = TEXTS[options.purpose];
  const link = passwordLink(options.adminOrigin, options.token);
  await mailer.send({ to: options.to, subject: text.subject, text: `${text.intro}\n\n${link}\n\n${text.validity}\n` });
}
