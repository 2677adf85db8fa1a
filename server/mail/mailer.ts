/**
 * Outgoing e-mail. With SMTP_URL set, messages go to that SMTP server, as the
 * text and an HTML part in the recipient organisation's white-label scheme
 * (layout.ts). Without it (the embedded default), each message is written to DATA_DIR/outbox as a
 * readable text file and its path is logged, so a newcomer can still finish
 * e-mail two-factor sign-in or a password reset on a fresh machine.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { WhiteLabel } from '../../common/organisation';
import { brandedEmail } from './layout';

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** Files sent with the message (the usage report's PDF). */
  attachments?: MailAttachment[];
  /**
   * The white-label scheme of the recipient's organisation (its white_labeling_for); absent or null for the
   * default scheme, as for an address that belongs to no organisation yet.
   */
  brand?: WhiteLabel | null;
  /** The language the text is in (the recipient's): the HTML's lang and direction. */
  language?: string | null;
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
        const branded = brandedEmail(message);
        await transport.sendMail({
          from: options.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: branded.html,
          attachments: [...(message.attachments ?? []), ...branded.attachments],
        });
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
      // Attachments are written beside the message, named after it, and listed in it.
      const attached = (message.attachments ?? []).map((a) => {
        const path = `${file.slice(0, -4)}-${a.filename.replace(/[^a-zA-Z0-9._-]/g, '_')}`;
        writeFileSync(path, a.content, { mode: 0o600 });
        return `Attachment: ${a.filename} (${path})\n`;
      });
      const body = `From: ${options.from}\nTo: ${message.to}\nDate: ${new Date().toUTCString()}\nSubject: ${message.subject}\n${attached.join('')}\n${message.text}\n`;
      writeFileSync(file, body, { mode: 0o600 });
      options.log(`E-mail "${message.subject}" to ${message.to} written to ${file}`);
    },
  };
}
