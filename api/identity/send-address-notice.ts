import type { Mailer } from '../mail/mailer.ts';

/**
 * Tells the owner of an address that a customer asked to add it as a sub-admin, where an
 * account would otherwise have been made: the inviter is answered as for a free address
 * (admin-list.ts), so only the address's owner learns it is registered. No link: nothing
 * was created that the owner could take up.
 */
export async function sendAddressNotice(mailer: Mailer, options: { to: string; inviter: string }): Promise<void> {
  try {
    await mailer.send({
      to: options.to,
      subject: 'Swipegrid: an invitation to an address you already use',
      text: `${options.inviter} asked to add this address as an administrator of their Swipegrid account. This address already has a Swipegrid account, so no new account was made and yours is unchanged.\n\nIf you expected the invitation, ask them to invite another address of yours. Otherwise, ignore this message.\n`,
    });
  } catch (error) {
    // As an invitation that cannot be sent: the answer to the inviter stays the same.
    console.error(`address notice to ${options.to} failed:`, error);
  }
}
