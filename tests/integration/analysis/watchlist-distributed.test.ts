import { ProcessGroup, distributedProcesses } from '../../../deploy/distributed';
import { type DistributedRun, prepareDistributedRun } from '../../support/distributed-run';
import { freePort, freePortBlock } from '../../support/gateway';
import { startSmtpSink } from '../../support/smtp-sink';
import { watchlistApiCases } from './watchlist-cases';

jest.setTimeout(240_000);

/**
 * The watchlist, its alerts and notifications in the distributed shape: the gateway, the five
 * services and an analysis worker as separate processes on the real PostgreSQL, RabbitMQ and
 * Redis, alerts evaluated every second by the analysis API process, e-mail sent by auth through
 * a real SMTP server on loopback.
 */
describe('watchlist API, distributed', () => {
  const logs: string[] = [];
  let run: DistributedRun;
  let group: ProcessGroup;
  let base: string;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;

  beforeAll(async () => {
    run = await prepareDistributedRun('wl');
    smtp = await startSmtpSink();
    const gatewayPort = await freePort();
    const servicePortBase = await freePortBlock(40);
    const processes = distributedProcesses({
      gatewayPort,
      servicePortBase,
      env: { ...run.env, ALERT_CHECK_SECONDS: '1', SMTP_URL: smtp.url, LOG_LEVEL: 'warn' },
    });
    group = new ProcessGroup(processes, (name, line) => logs.push(`${name} | ${line}`));
    base = `http://127.0.0.1:${gatewayPort}`;
    group.startAll();
    // Seven Node processes compile and start at once on a shared machine: allow minutes.
    await group.waitAllReady(200_000).catch((err: Error) => {
      throw new Error(`${err.message}\n${logs.slice(-80).join('\n')}`);
    });
  }, 230_000);

  afterAll(async () => {
    await group?.stopAll();
    await run?.cleanUp();
    await smtp?.close();
  });

  watchlistApiCases(() => ({
    base,
    mailsTo: async (address) => smtp.mails.filter((m) => m.to.includes(address)).map((m) => m.text),
  }));
});
