import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

/** One message as the product sends it: plain text always, HTML when the sender has a richer version. */
export type MailMessage = { to: string; subject: string; text: string; html?: string; replyTo?: string };

export type Mailer = {
  /** Sends (or, without SMTP, files) one message. Rejects when the SMTP server refuses it. */
  send(message: MailMessage): Promise<{ messageId: string }>;
  /** Where messages go: `smtp` or the outbox folder. */
  readonly destination: string;
};

export type MailerOptions = {
  /** `smtp://user:pass@host:587` or `smtps://…:465`; without it, messages go to the outbox folder. */
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  /** Prints each outbox message's recipient, subject and text (development). */
  log?: (line: string) => void;
};

/** A message filed in the outbox: what the JSON file beside each `.eml` holds. */
export type OutboxEntry = MailMessage & { from: string; messageId: string; date: string };

/**
 * Email through nodemailer. With SMTP configured it talks SMTP; without, it renders the same
 * message to `{outbox}/{time}-{id}.eml` (plus a JSON summary) so nothing is lost and a developer
 * can follow the links in it.
 */
export function createMailer(options: MailerOptions): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      destination: 'smtp',
      async send(message) {
        const info = await transport.sendMail({ from: options.from, ...message });
        return { messageId: info.messageId };
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let sequence = 0;
  return {
    destination: options.outboxDir,
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
      await mkdir(options.outboxDir, { recursive: true });
      const base = `${Date.now()}-${String(++sequence).padStart(4, '0')}`;
      const entry: OutboxEntry = { ...message, from: options.from, messageId: info.messageId, date: new Date().toISOString() };
      await writeFile(path.join(options.outboxDir, `${base}.eml`), info.message as Buffer);
      await writeFile(path.join(options.outboxDir, `${base}.json`), JSON.stringify(entry, null, 2));
      options.log?.(`Mail to ${message.to}: ${message.subject}\n${message.text}\n(filed in ${options.outboxDir}/${base}.eml)`);
      return { messageId: info.messageId };
    },
  };
}

/** The outbox's messages, oldest first. */
export async function readOutbox(outboxDir: string): Promise<OutboxEntry[]> {
  let names: string[];
  try {
    names = await readdir(outboxDir);
  } catch {
    return [];
  }
  const files = names.filter((name) => name.endsWith('.json')).sort();
  return Promise.all(files.map(async (name) => JSON.parse(await readFile(path.join(outboxDir, name), 'utf8')) as OutboxEntry));
}
