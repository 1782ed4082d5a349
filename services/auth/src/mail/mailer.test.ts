import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { createLogger } from '@stockai/platform';
import { createMailer } from './mailer';
import { passwordResetMail, watchlistAlertMail } from './templates';

const resetUrl = 'https://app.example.com/reset-password?token=abc_DEF-123&x=1';
const from = 'StockAI 智能股票分析 <no-reply@example.com>';
const mailTo = (to: string) => passwordResetMail({ to, firstName: '美玲', resetUrl, expiresInMinutes: 60 });

describe('createMailer with SMTP', () => {
  it('delivers the message to the server, with the recipient in the envelope and the link intact', async () => {
    let delivered!: (message: { rcptTo: string[]; raw: string }) => void;
    const received = new Promise<{ rcptTo: string[]; raw: string }>((resolve) => (delivered = resolve));
    const server = await startSmtpServer({
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          delivered({ rcptTo: session.envelope.rcptTo.map((a) => a.address), raw: Buffer.concat(chunks).toString('utf8') });
          callback();
        });
      },
    });
    const sut = createMailer({
      smtpUrl: `smtp://127.0.0.1:${server.port}`,
      from,
      outboxDir: '/nonexistent',
      logger: createLogger('auth', 'silent'),
    });
    try {
      await sut.send(mailTo('amy@example.com'));
      const { rcptTo, raw } = await received;

      expect(rcptTo).toEqual(['amy@example.com']);
      const message = readMessage(raw);
      expect(message.header('to')).toBe('amy@example.com');
      expect(message.header('from')).toBe(from);
      expect(message.header('subject')).toBe('StockAI 智能股票分析：重設密碼');
      expect(message.text).toContain(`\n${resetUrl}\n`);
      expect(message.html).toContain(`href="${resetUrl.replace('&', '&amp;')}"`);
    } finally {
      await sut.close();
      await server.close();
    }
  });

  it('rejects with a message naming the recipient and the server when the server refuses the recipient', async () => {
    const server = await startSmtpServer({ onRcptTo: (_address, _session, callback) => callback(new Error('no such mailbox')) });
    const sut = createMailer({
      smtpUrl: `smtp://127.0.0.1:${server.port}`,
      from,
      outboxDir: '/nonexistent',
      logger: createLogger('auth', 'silent'),
    });
    try {
      await expect(sut.send(mailTo('nobody@example.com'))).rejects.toThrow(
        new RegExp(`^could not send e-mail to nobody@example\\.com through SMTP server 127\\.0\\.0\\.1:${server.port}: .*no such mailbox`),
      );
    } finally {
      await sut.close();
      await server.close();
    }
  });

  it('keeps the SMTP password out of the error and of the log line that reports it', async () => {
    const server = await startSmtpServer({
      authOptional: false,
      allowInsecureAuth: true,
      onAuth: (_auth, _session, callback) => callback(new Error('wrong username or password')),
    });
    const log = captureLog();
    const sut = createMailer({
      smtpUrl: `smtp://mailer:hunter2-secret@127.0.0.1:${server.port}`,
      from,
      outboxDir: '/nonexistent',
      logger: log.logger,
    });
    try {
      const err = await sut.send(mailTo('amy@example.com')).then(
        () => undefined,
        (e: unknown) => e as Error,
      );
      expect(err?.message).toMatch(
        new RegExp(`^could not send e-mail to amy@example\\.com through SMTP server 127\\.0\\.0\\.1:${server.port}: `),
      );
      log.logger.error({ err }, 'could not send the password-reset e-mail');

      expect(log.lines).toHaveLength(1);
      expect(JSON.stringify(log.lines)).not.toContain('hunter2');
      expect(`${err?.message} ${err?.stack}`).not.toContain('hunter2');
    } finally {
      await sut.close();
      await server.close();
    }
  });
});

describe('createMailer without SMTP (the local outbox)', () => {
  it('writes each message as an .eml file into a new directory and logs the file and the links', async () => {
    const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'outbox-')), 'not-yet-there');
    const log = captureLog();
    const sut = createMailer({ from, outboxDir: dir, logger: log.logger });

    await sut.send(mailTo('amy@example.com'));
    await sut.send(mailTo('bob@example.com'));
    await sut.close();

    const files = fs.readdirSync(dir).sort();
    expect(files).toHaveLength(2);
    for (const file of files) expect(file).toMatch(/^\d{8}T\d{6}\.\d{3}Z-[0-9a-f]{8}\.eml$/);
    const messages = files.map((file) => fs.readFileSync(path.join(dir, file), 'utf8'));
    expect(messages.map((raw) => readMessage(raw).header('to')).sort()).toEqual(['amy@example.com', 'bob@example.com']);
    for (const raw of messages) {
      expect(raw).not.toMatch(/[^\r]\n/);
      expect(readMessage(raw).text).toContain(resetUrl);
    }
    expect(log.lines).toEqual([
      expect.objectContaining({
        level: 30,
        to: 'amy@example.com',
        subject: 'StockAI 智能股票分析：重設密碼',
        links: [resetUrl],
        file: expect.stringContaining(dir),
      }),
      expect.objectContaining({ level: 30, to: 'bob@example.com', links: [resetUrl], file: expect.stringContaining(dir) }),
    ]);
    expect(log.lines.map((line) => line.file).sort()).toEqual(files.map((file) => path.join(dir, file)));
  });

  it('rejects with a message naming the outbox when it cannot write there', async () => {
    const notADirectory = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'outbox-')), 'a-file');
    fs.writeFileSync(notADirectory, '');
    const sut = createMailer({ from, outboxDir: notADirectory, logger: createLogger('auth', 'silent') });

    await expect(sut.send(mailTo('amy@example.com'))).rejects.toThrow(
      `could not write e-mail to amy@example.com into the outbox ${notADirectory}`,
    );
  });
});

describe('passwordResetMail', () => {
  it('carries the link, its lifetime and single use in the text', () => {
    const sut = passwordResetMail({ to: 'amy@example.com', firstName: '美玲', resetUrl, expiresInMinutes: 60 });

    expect(sut.to).toBe('amy@example.com');
    expect(sut.subject).toContain('重設密碼');
    expect(sut.text).toMatch(/^美玲，你好：/);
    expect(sut.text).toContain(resetUrl);
    expect(sut.text).toContain('60 分鐘內有效');
    expect(sut.text).toContain('只可使用一次');
    expect(sut.text).toContain('請忽略此電郵');
  });

  it('escapes the interpolated values in the HTML', () => {
    const sut = passwordResetMail({ to: 'x@example.com', firstName: '<script>alert(1)</script>', resetUrl, expiresInMinutes: 60 });

    expect(sut.html).not.toContain('<script>');
    expect(sut.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;，你好');
    expect(sut.html).toContain('token=abc_DEF-123&amp;x=1');
    expect(sut.html).not.toContain('&x=1');
  });
});

describe('watchlistAlertMail', () => {
  const alert = {
    to: 'amy@example.com',
    firstName: '美玲',
    title: '騰訊控股（0700.HK）股價升穿 HKD 400',
    body: '最新股價 HKD 412.4（2026-08-22），已高於你設定的 HKD 400。',
    link: 'https://app.example.com/main?analysis=9f0c&x=1',
    settingsUrl: 'https://app.example.com/profile',
  };

  it('names the stock, the price and the threshold, links to the report and says how to stop these e-mails', () => {
    const sut = watchlistAlertMail(alert);

    expect(sut.to).toBe('amy@example.com');
    expect(sut.subject).toContain(alert.title);
    expect(sut.text).toMatch(/^美玲，你好：/);
    expect(sut.text).toContain(alert.body);
    expect(sut.text).toContain(`查看報告：${alert.link}`);
    expect(sut.text).toContain(alert.settingsUrl);
    expect(sut.text).toContain('開啟了電郵提示');
  });

  it('escapes the notification and the links in the HTML', () => {
    const sut = watchlistAlertMail({ ...alert, title: '<b>x</b>' });

    expect(sut.html).not.toContain('<b>x</b>');
    expect(sut.html).toContain('&lt;b&gt;x&lt;/b&gt;');
    expect(sut.html).toContain('analysis=9f0c&amp;x=1');
  });
});

async function startSmtpServer(options: SMTPServerOptions) {
  const server = new SMTPServer({ authOptional: true, disabledCommands: ['STARTTLS'], logger: false, ...options });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return { port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

function captureLog() {
  const lines: Array<Record<string, unknown>> = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { lines, logger: createLogger('auth', 'info', sink) };
}

/**
 * Just enough MIME to read what nodemailer writes: unfolded headers with RFC 2047 words
 * decoded, and the text and HTML parts of a multipart/alternative body, transfer-decoded.
 */
function readMessage(raw: string) {
  const message = readEntity(raw.replace(/\r\n/g, '\n'));
  const boundary = /boundary="?([^";]+)"?/.exec(message.headers.get('content-type') ?? '')?.[1];
  if (!boundary) throw new Error('expected a multipart message');
  const parts = message.body
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((part) => readEntity(part.replace(/^\n/, '')));
  const body = (type: string) => {
    const part = parts.find((p) => p.headers.get('content-type')?.startsWith(type));
    if (!part) throw new Error(`no ${type} part`);
    const encoding = part.headers.get('content-transfer-encoding');
    if (encoding === 'base64') return Buffer.from(part.body, 'base64').toString('utf8');
    if (encoding === 'quoted-printable') return decodeQuotedPrintable(part.body);
    return part.body;
  };
  return { header: (name: string) => decodeWords(message.headers.get(name) ?? ''), text: body('text/plain'), html: body('text/html') };
}

function readEntity(raw: string) {
  const end = raw.indexOf('\n\n');
  const headers = new Map<string, string>();
  for (const line of raw
    .slice(0, end)
    .replace(/\n[ \t]+/g, ' ')
    .split('\n')) {
    const colon = line.indexOf(':');
    headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body: raw.slice(end + 2) };
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text.replace(/=\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function decodeWords(value: string): string {
  return value
    .replace(/(\?=)\s+(?==\?)/g, '$1')
    .replace(/=\?utf-8\?([BQ])\?([^?]*)\?=/gi, (_, encoding: string, data: string) =>
      encoding.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}
