import { uniqueName } from '@stockai/platform/src/testing';
import { ProcessGroup, distributedProcesses } from '../../../deploy/distributed';
import { type DistributedRun, prepareDistributedRun } from '../../support/distributed-run';
import { freePort, freePortBlock } from '../../support/gateway';
import { readYourWritesCases } from './read-your-writes-cases';

jest.setTimeout(300_000);

/**
 * Read-your-writes (issue 28) in the distributed shape: the gateway, the five services and an
 * analysis worker as separate processes on the real PostgreSQL, RabbitMQ and Redis.
 */
describe('read your writes, distributed', () => {
  const admin = { email: `${uniqueName('root')}@example.com`, password: 'admin-pass-1' };
  const logs: string[] = [];
  let run: DistributedRun;
  let group: ProcessGroup;
  let base: string;

  beforeAll(async () => {
    run = await prepareDistributedRun('ryw');
    const gatewayPort = await freePort();
    const processes = distributedProcesses({
      gatewayPort,
      servicePortBase: await freePortBlock(40),
      env: { ...run.env, ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password },
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
  });

  readYourWritesCases(() => ({ base, admin }));
});
