import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from '@stockai/platform';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): Promise<void>;
}

export interface MailerOptions {
  /** `smtp://user:pass@host:587` or `smtps://…`; without it, messages go to `outboxDir`. */
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  logger: Logger;
}

/**
 * E-mail through nodemailer. With an SMTP server configured, messages go there. Without one
 * (the embedded default), each message is built exactly as it would be sent and written to
 * `outboxDir` as an `.eml` file, and a log line names the file and the links in it, so a
 * developer can follow a reset link without any mail server.
 */
export function createMailer(options: MailerOptions): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    const host = new URL(options.smtpUrl).host;
    return {
      async send(mail) {
        try {
          await transport.sendMail({ from: options.from, ...mail });
        } catch (err) {
          throw new Error(`could not send e-mail through SMTP server ${host}: ${(err as Error).message}`, { cause: err });
        }
      },
      async close() {
        transport.close();
      },
    };
  }

  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: options.from, ...mail });
      await mkdir(options.outboxDir, { recursive: true });
      const file = path.join(options.outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}.eml`);
      await writeFile(file, info.message as Buffer);
      const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
      options.logger.info({ to: mail.to, subject: mail.subject, file, links }, 'e-mail written to the local outbox (no SMTP_URL set)');
    },
    async close() {
      transport.close();
    },
  };
}
