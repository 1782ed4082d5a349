import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { uniqueName, waitFor } from '@stockai/platform/src/testing';
import { ProcessGroup, type ProcessSpec, distributedProcesses } from '../../../deploy/distributed';
import { type DistributedRun, prepareDistributedRun } from '../../support/distributed-run';
import { freePort, freePortBlock } from '../../support/gateway';
import { startSmtpSink } from '../../support/smtp-sink';
import { expectOneFiringAcross, watchlistApiCases } from './watchlist-cases';

jest.setTimeout(240_000);

/**
 * The watchlist, its alerts and notifications in the distributed shape: the gateway, the five
 * services and an analysis worker as separate processes on the real PostgreSQL, RabbitMQ and
 * Redis, alerts evaluated every second by the analysis API process, e-mail sent by auth through
 * a real SMTP server on loopback.
 */
describe('watchlist API, distributed', () => {
  const logs: string[] = [];
  const admin = { email: `${uniqueName('root')}@example.com`, password: 'admin-pass-1' };
  let run: DistributedRun;
  let group: ProcessGroup;
  let base: string;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let analysisSpec: ProcessSpec;
  let second: ChildProcess | undefined;

  beforeAll(async () => {
    run = await prepareDistributedRun('wl');
    smtp = await startSmtpSink();
    const gatewayPort = await freePort();
    const servicePortBase = await freePortBlock(40);
    const processes = distributedProcesses({
      gatewayPort,
      servicePortBase,
      env: {
        ...run.env,
        ALERT_CHECK_SECONDS: '1',
        SMTP_URL: smtp.url,
        LOG_LEVEL: 'warn',
        ADMIN_EMAIL: admin.email,
        ADMIN_PASSWORD: admin.password,
      },
    });
    analysisSpec = processes.find((p) => p.name === 'analysis') as ProcessSpec;
    group = new ProcessGroup(processes, (name, line) => logs.push(`${name} | ${line}`));
    base = `http://127.0.0.1:${gatewayPort}`;
    group.startAll();
    // Seven Node processes compile and start at once on a shared machine: allow minutes.
    await group.waitAllReady(200_000).catch((err: Error) => {
      throw new Error(`${err.message}\n${logs.slice(-80).join('\n')}`);
    });
  }, 230_000);

  afterAll(async () => {
    if (second && second.exitCode === null) {
      const exited = new Promise((resolve) => second?.once('exit', resolve));
      second.kill('SIGKILL');
      await exited;
    }
    await group?.stopAll();
    await run?.cleanUp();
    await smtp?.close();
  });

  watchlistApiCases(() => ({
    base,
    admin,
    mailsTo: async (address) => smtp.mails.filter((m) => m.to.includes(address)).map((m) => m.text),
  }));

  it('fires an alert true at creation once with a second analysis API process evaluating and across a restart of the first', async () => {
    // A second replica of the analysis API on the same database: both evaluate every second.
    const port = await freePort();
    second = spawn(process.execPath, ['--import', 'tsx', analysisSpec.entry], {
      cwd: path.join(__dirname, '..', '..', '..'),
      stdio: 'ignore',
      env: { ...process.env, ...analysisSpec.env, PORT: String(port) },
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

    await expectOneFiringAcross(base, async () => {
      await group.stop('analysis');
      group.start('analysis');
      await group.waitReady('analysis', 120_000);
      return base;
    });
  });
});
