import { uniqueName } from '@stockai/platform/src/testing';
import { ProcessGroup, distributedProcesses } from '../../../deploy/distributed';
import { type DistributedRun, prepareDistributedRun } from '../../support/distributed-run';
import { freePort } from '../../support/gateway';
import { adminApiCases } from './admin-api-cases';

jest.setTimeout(240_000);

/**
 * The admin API in the distributed shape: the gateway, the five services and an analysis worker
 * as separate processes on the real PostgreSQL, RabbitMQ and Redis, the admin made at start from
 * ADMIN_EMAIL / ADMIN_PASSWORD.
 */
describe('admin API, distributed', () => {
  const admin = { email: `${uniqueName('root')}@example.com`, password: 'admin-pass-1' };
  const logs: string[] = [];
  let run: DistributedRun;
  let group: ProcessGroup;
  let base: string;
  let adminServiceUrl: string;

  beforeAll(async () => {
    run = await prepareDistributedRun('adm');
    const gatewayPort = await freePort();
    const servicePortBase = (await freePort()) + 10;
    const processes = distributedProcesses({
      gatewayPort,
      servicePortBase,
      env: { ...run.env, ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password, LOG_LEVEL: 'info' },
    });
    group = new ProcessGroup(processes, (name, line) => logs.push(`${name} | ${line}`));
    base = `http://127.0.0.1:${gatewayPort}`;
    adminServiceUrl = `http://127.0.0.1:${processes.find((p) => p.name === 'admin')?.port}`;
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

  adminApiCases(() => ({ base, adminServiceUrl, admin }));
});
