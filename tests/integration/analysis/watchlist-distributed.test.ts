import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { uniqueName, waitFor } from '@stockai/platform/src/testing';
import { freePort } from '../../support/gateway';
import { type TestDistributed, startTestDistributed } from '../../support/product-shapes';
import { startSmtpSink } from '../../support/smtp-sink';
import { expectOneFiringAcross, watchlistApiCases } from './watchlist-cases';

jest.setTimeout(240_000);

const ROOT = path.join(__dirname, '..', '..', '..');

/**
 * The watchlist, its alerts and notifications in the distributed shape: the gateway, the five
 * services and an analysis worker as separate processes on the real PostgreSQL, RabbitMQ and
 * Redis, alerts evaluated every second by the analysis API process, e-mail sent by auth through
 * a real SMTP server on loopback.
 */
describe('watchlist API, distributed', () => {
  const admin = { email: `${uniqueName('root')}@example.com`, password: 'admin-pass-1' };
  let shape: TestDistributed;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let env: Record<string, string>;
  let second: ChildProcess | undefined;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    env = {
      ALERT_CHECK_SECONDS: '1',
      SMTP_URL: smtp.url,
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
    };
    shape = await startTestDistributed('wl', { env });
  }, 230_000);

  afterAll(async () => {
    if (second && second.exitCode === null) {
      const exited = new Promise((resolve) => second?.once('exit', resolve));
      second.kill('SIGKILL');
      await exited;
    }
    await shape?.stop();
    await smtp?.close();
  });

  watchlistApiCases(() => ({
    base: shape.base,
    admin,
    mailsTo: async (address) => smtp.mails.filter((m) => m.to.includes(address)).map((m) => m.text),
  }));

  it('fires an alert true at creation once with a second analysis API process evaluating and across a restart of the first', async () => {
    // A second replica of the analysis API on the same database: both evaluate every second.
    const port = await freePort();
    second = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'services', 'analysis', 'src', 'main.ts')], {
      cwd: ROOT,
      stdio: 'ignore',
      env: { ...process.env, ...shape.run.env, ...env, BILLING_URL: shape.urlOf('billing'), PORT: String(port) },
    });
    await waitFor(
      'the second analysis process',
      () =>
        fetch(`http://127.0.0.1:${port}/readyz`).then(
          (r) => r.ok,
          () => false,
        ),
      120_000,
    );

    await expectOneFiringAcross(shape.base, async () => {
      await shape.group.stop('analysis');
      shape.group.start('analysis');
      await shape.group.waitReady('analysis', 120_000);
      return shape.base;
    });
  });
});
