/**
 * Outgoing e-mail. With SMTP_URL set, messages go to that SMTP server. Without
 * it (the embedded default), each message is written to DATA_DIR/outbox as a
 * readable text file and its path is logged, so a newcomer can still finish
 * e-mail two-factor sign-in or a password reset on a fresh machine.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  readonly describe: string;
}

export function createMailer(options: { smtpUrl?: string; from: string; outboxDir: string; log: (line: string) => void }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      describe: `SMTP ${new URL(options.smtpUrl).host}`,
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
      },
    };
  }
  return {
    describe: `outbox folder ${options.outboxDir}`,
    async send(message) {
      mkdirSync(options.outboxDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const safeTo = message.to.replace(/[^a-zA-Z0-9@._-]/g, '_');
      const file = join(options.outboxDir, `${stamp}-${safeTo}.txt`);
      const body = `From: ${options.from}\nTo: ${message.to}\nDate: ${new Date().toUTCString()}\nSubject: ${message.subject}\n\n${message.text}\n`;
      writeFileSync(file, body, { mode: 0o600 });
      options.log(`E-mail "${message.subject}" to ${message.to} written to ${file}`);
    },
  };
}
