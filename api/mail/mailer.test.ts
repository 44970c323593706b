import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createMailer, readOutbox } from './mailer.ts';
import { startTestSmtpServer } from './smtp-test-server.ts';

const startSmtp = startTestSmtpServer;

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function tempDir() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'swipegrid-mail-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

describe('mailer over SMTP', () => {
  it('delivers the message with its sender, recipient, subject and body to a real SMTP server', async () => {
    const smtp = await startSmtp();
    cleanups.push(smtp.close);
    const mailer = createMailer({ smtpUrl: smtp.url, from: 'Swipegrid <no-reply@swipegrid.test>', outboxDir: await tempDir() });
    await mailer.send({ to: 'visitor@example.com', subject: 'Confirm your registration', text: 'Open http://localhost/confirm?token=abc' });
    expect(smtp.received).toHaveLength(1);
    const [message] = smtp.received;
    expect(message!.from).toBe('no-reply@swipegrid.test');
    expect(message!.to).toEqual(['visitor@example.com']);
    expect(message!.raw).toContain('Subject: Confirm your registration');
    expect(message!.raw).toContain('http://localhost/confirm?token=abc');
  });

  it('rejects when the server refuses the recipient, so the caller knows the mail did not go', async () => {
    const smtp = await startSmtp({ rejectRecipient: 'nobody@example.com' });
    cleanups.push(smtp.close);
    const mailer = createMailer({ smtpUrl: smtp.url, from: 'no-reply@swipegrid.test', outboxDir: await tempDir() });
    await expect(mailer.send({ to: 'nobody@example.com', subject: 'x', text: 'y' })).rejects.toThrow();
    expect(smtp.received).toHaveLength(0);
  });
});

describe('mailer without SMTP', () => {
  it('files each message in the outbox as .eml with a JSON summary, and prints it', async () => {
    const outbox = await tempDir();
    const lines: string[] = [];
    const mailer = createMailer({ from: 'no-reply@swipegrid.test', outboxDir: outbox, log: (line) => lines.push(line) });
    await mailer.send({ to: 'a@example.com', subject: 'First', text: 'one' });
    await mailer.send({ to: 'b@example.com', subject: 'Second', text: 'two' });
    const entries = await readOutbox(outbox);
    expect(entries.map((e) => [e.to, e.subject, e.text])).toEqual([
      ['a@example.com', 'First', 'one'],
      ['b@example.com', 'Second', 'two'],
    ]);
    const emls = (await readdir(outbox)).filter((name) => name.endsWith('.eml')).sort();
    expect(emls).toHaveLength(2);
    expect(await readFile(path.join(outbox, emls[0]!), 'utf8')).toContain('Subject: First');
    expect(lines[0]).toContain('Mail to a@example.com: First');
    expect(mailer.destination).toBe(outbox);
  });

  it('reads an outbox that does not exist yet as empty', async () => {
    expect(await readOutbox(path.join(await tempDir(), 'missing'))).toEqual([]);
  });
});
