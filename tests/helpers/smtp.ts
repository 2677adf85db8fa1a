/**
 * A real SMTP server on 127.0.0.1 for tests: it accepts every message and
 * keeps it parsed, so a test can read the code or link the app e-mailed.
 */
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  /** The files sent with the message, as received. */
  attachments: { filename: string; contentType: string; content: Buffer }[];
}

export interface TestSmtpServer {
  url: string;
  messages: ReceivedMail[];
  /** Waits for the next message to this address (that arrived after `since` messages). */
  waitFor(to: string, options?: { since?: number; timeoutMs?: number; subject?: RegExp }): Promise<ReceivedMail>;
  close(): Promise<void>;
}

export async function startSmtpServer(): Promise<TestSmtpServer> {
  const messages: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          messages.push({
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            // Not the inline images of the HTML part (the brand's logo, server/mail/layout.ts): they are the body's.
            attachments: parsed.attachments.filter((a) => !a.related).map((a) => ({ filename: a.filename ?? '', contentType: a.contentType, content: a.content })),
          });
          waiters.forEach((w) => w());
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitFor(to, { since = 0, timeoutMs = 10_000, subject } = {}) {
      const find = () => messages.slice(since).find((m) => m.to.includes(to.toLowerCase()) && (!subject || subject.test(m.subject)));
      const found = find();
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const check = () => {
          const hit = find();
          if (hit) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(hit);
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no e-mail to ${to} within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(check);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first six-digit code in a message. */
export const codeIn = (mail: ReceivedMail) => /\b(\d{6})\b/.exec(mail.text)?.[1] ?? '';
/** The first link in a message that contains the given path. */
export const linkIn = (mail: ReceivedMail, path: string) => new RegExp(`https?://\\S*${path}\\S*`).exec(mail.text)?.[0] ?? '';
