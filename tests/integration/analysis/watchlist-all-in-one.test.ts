import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { uniqueName } from '@stockai/platform/src/testing';
import { type AllInOne, type AllInOneOptions, startAllInOne } from '../../../deploy/all-in-one';
import { startSmtpSink } from '../../support/smtp-sink';
import { expectOneFiringAcross, watchlistApiCases } from './watchlist-cases';

jest.setTimeout(180_000);

/**
 * The watchlist, its alerts and notifications in the all-in-one process (embedded PostgreSQL,
 * bus and cache, the built-in analyst), alerts evaluated every second, e-mail through a real
 * SMTP server on loopback.
 */
describe('watchlist API, all-in-one', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'watchlist-all-in-one-'));
  const admin = { email: `${uniqueName('root')}@example.com`, password: 'admin-pass-1' };
  let app: AllInOne;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  const options = (): AllInOneOptions => ({
    port: 0,
    host: '127.0.0.1',
    dataDir,
    webDir: path.join(dataDir, 'no-web'),
    logLevel: 'silent',
    rateLimitPerMinute: 0,
    auth: { admin, mail: { smtpUrl: smtp.url, from: 'StockAI <no-reply@example.com>', outboxDir: path.join(dataDir, 'mail') } },
    analysis: { alertCheckSeconds: 1 },
  });

  beforeAll(async () => {
    smtp = await startSmtpSink();
    app = await startAllInOne(options());
  });

  afterAll(async () => {
    await app?.stop();
    await smtp?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  watchlistApiCases(() => ({
    base: app.url,
    admin,
    mailsTo: async (address) => smtp.mails.filter((m) => m.to.includes(address)).map((m) => m.text),
  }));

  it('fires an alert true at creation once across a restart of the process', async () => {
    await expectOneFiringAcross(app.url, async () => {
      await app.stop();
      app = await startAllInOne(options());
      return app.url;
    });
  });
});
