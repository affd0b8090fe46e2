import nodemailer from 'nodemailer';
import type { Database } from '../../db/client.ts';
import { oneLine } from '../../lib/logging.ts';
import { insertMail } from './mailbox.repository.ts';

export interface OutgoingMail {
  /** Stable id of this message (the outbox key), so a retried send stores or sends it once. */
  id: string;
  to: string;
  subject: string;
  text: string;
  /** The members the message speaks of besides its recipient (kept with a stored copy, for their deletion). */
  about: readonly string[];
}

export interface MailTransport {
  kind: 'smtp' | 'mailbox';
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** Real SMTP through nodemailer; the Message-ID is derived from the outbox key so retries are recognisable. */
export function smtpTransport(smtpUrl: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    async send(mail) {
      await transporter.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        messageId: `<${mail.id.replace(/[^A-Za-z0-9.-]/g, '-')}@intergen>`,
      });
    },
    close: () => transporter.close(),
  };
}

/** The embedded mailbox: stores each message once and prints it to standard output. */
export function mailboxTransport(database: Database, print: (text: string) => void): MailTransport {
  return {
    kind: 'mailbox',
    async send(mail) {
      if (!(await insertMail(database.db, mail))) return;
      const rule = '-'.repeat(72);
      // Shared with the log: the body is indented line by line, so no member text can pass for a log line.
      const body = mail.text
        .split(/\r\n|[\n\r\u2028\u2029]/)
        .map((line) => `  ${oneLine(line)}`)
        .join('\n');
      print(
        `\n${rule}\nMAIL to: ${oneLine(mail.to)}\nSubject: ${oneLine(mail.subject)}\n\n${body}\n${rule}\n`,
      );
    },
    close() {},
  };
}
