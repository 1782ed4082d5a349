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
  /**
   * `smtp://user:pass@host:587` or `smtps://user:pass@host:465` (nodemailer's URL form, so
   * `?pool=true` keeps connections open); without it, messages go to `outboxDir`.
   */
  smtpUrl?: string;
  /** The From header, e.g. `StockAI 智能股票分析 <no-reply@example.com>`. */
  from: string;
  outboxDir: string;
  logger: Logger;
}

/**
 * E-mail through nodemailer. With an SMTP server configured, messages go there. Without one
 * (the embedded default), each message is built exactly as it would be sent and written to
 * `outboxDir` as an `.eml` file, and a log line names the file and the links in the text, so
 * a developer can follow a reset link without any mail server.
 *
 * A failure rejects `send` with a message saying where the e-mail was going; the caller
 * decides whether that fails a request or is only logged.
 */
export function createMailer(options: MailerOptions): Mailer {
  return options.smtpUrl ? smtpMailer(options.smtpUrl, options.from) : outboxMailer(options);
}

function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  // Only host and port go into messages: the URL carries the SMTP password.
  const server = new URL(smtpUrl).host;
  return {
    async send(mail) {
      try {
        await transport.sendMail({ from, ...mail });
      } catch (err) {
        throw new Error(`could not send e-mail to ${mail.to} through SMTP server ${server}: ${(err as Error).message}`, { cause: err });
      }
    },
    async close() {
      transport.close();
    },
  };
}

function outboxMailer({ from, outboxDir, logger }: MailerOptions): Mailer {
  // CRLF line ends: an .eml file holds the message as it would travel over SMTP.
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  return {
    async send(mail) {
      const { message } = await transport.sendMail({ from, ...mail });
      const file = path.join(outboxDir, `${fileTimestamp(new Date())}-${randomBytes(4).toString('hex')}.eml`);
      try {
        await mkdir(outboxDir, { recursive: true });
        await writeFile(file, message as Buffer, { flag: 'wx' });
      } catch (err) {
        throw new Error(`could not write e-mail to ${mail.to} into the outbox ${outboxDir}: ${(err as Error).message}`, { cause: err });
      }
      logger.info(
        { to: mail.to, subject: mail.subject, file, links: linksIn(mail.text) },
        'e-mail written to the local outbox (no SMTP server configured)',
      );
    },
    async close() {
      transport.close();
    },
  };
}

/**
 * ISO 8601 in its basic form (`20250102T030405.678Z`): sorts by time like the extended form,
 * without the colons that Windows does not allow in file names.
 */
const fileTimestamp = (date: Date) => date.toISOString().replace(/[-:]/g, '');

/**
 * The http(s) URLs in a text. A URL ends at the first character a URL cannot hold (such as
 * `。` or `，`), and punctuation closing a sentence after it is not part of it.
 */
const linksIn = (text: string) =>
  (text.match(/https?:\/\/[\w\-.~:/?#[\]@!$&'()*+,;=%]+/g) ?? []).map((link) => link.replace(/[.,;:!?)\]]+$/, ''));
