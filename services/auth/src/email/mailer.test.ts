import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { SMTPServer } from 'smtp-server';
import { createLogger } from '@stockai/platform';
import { createMailer } from './mailer';
import { passwordResetMail } from './templates';

const resetUrl = 'https://app.example.com/reset-password?token=abc_DEF-123';
const mail = () => passwordResetMail({ to: 'amy@example.com', firstName: 'Amy', resetUrl, expiresInMinutes: 60 });

describe('createMailer without SMTP (the local outbox)', () => {
  it('writes each message as an .eml file and logs the file and its links', async () => {
    const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'outbox-')), 'not-yet-there');
    const lines: Array<Record<string, unknown>> = [];
    const sink = new Writable({ write: (chunk: Buffer, _e, done) => (lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>), done()) });
    const mailer = createMailer({ from: 'StockAI <no-reply@example.com>', outboxDir: dir, logger: createLogger('auth', 'info', sink) });

    await mailer.send(mail());
    await mailer.send(mail());
    await mailer.close();

    const files = fs.readdirSync(dir);
    expect(files).toHaveLength(2);
    expect(files.every((f) => f.endsWith('.eml'))).toBe(true);
    const eml = fs.readFileSync(path.join(dir, files[0] as string), 'utf8');
    expect(eml).toMatch(/^To: amy@example\.com$/m);
    expect(eml).toMatch(/^From: StockAI <no-reply@example\.com>$/m);
    expect(lines[0]).toMatchObject({ to: 'amy@example.com', links: [resetUrl] });
    expect(String(lines[0]?.file)).toContain(dir);
  });
});

describe('createMailer with SMTP', () => {
  it('says which server refused a message', async () => {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo: (_address, _session, callback) => callback(new Error('no such mailbox')),
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    const { port } = server.server.address() as AddressInfo;
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: 'a@b.co', outboxDir: '/nonexistent', logger: createLogger('auth', 'silent') });
    try {
      await expect(mailer.send(mail())).rejects.toThrow(`could not send e-mail through SMTP server 127.0.0.1:${port}`);
    } finally {
      await mailer.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

describe('passwordResetMail', () => {
  it('carries the link, its lifetime and single use, and escapes the name in HTML', () => {
    const sut = passwordResetMail({ to: 'x@example.com', firstName: '<script>alert(1)</script>', resetUrl, expiresInMinutes: 60 });
    expect(sut.text).toContain(resetUrl);
    expect(sut.text).toContain('60 分鐘內有效');
    expect(sut.text).toContain('只可使用一次');
    expect(sut.html).not.toContain('<script>');
    expect(sut.html).toContain('&lt;script&gt;');
    expect(sut.subject).toContain('重設密碼');
  });
});
