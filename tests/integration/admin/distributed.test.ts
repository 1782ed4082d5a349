import { uniqueName } from '@stockai/platform/src/testing';
import { ProcessGroup, distributedProcesses } from '../../../deploy/distributed';
import { type ChatStandIn, startChatStandIn } from '../analysis/analysis-stack';
import { type DistributedRun, prepareDistributedRun } from '../../support/distributed-run';
import { freePort, freePortBlock } from '../../support/gateway';
import { adminApiCases } from './admin-api-cases';

jest.setTimeout(240_000);

/**
 * The admin API in the distributed shape: the gateway, the five services and an analysis worker
 * as separate processes on the real PostgreSQL, RabbitMQ and Redis, the admin made at start from
 * ADMIN_EMAIL / ADMIN_PASSWORD. The report's text comes from an AI provider (the local
 * OpenAI-compatible stand-in), so the AI results are the provider's exchanges.
 */
describe('admin API, distributed', () => {
  const admin = { email: `${uniqueName('root')}@example.com`, password: 'admin-pass-1' };
  const logs: string[] = [];
  let run: DistributedRun;
  let group: ProcessGroup;
  let base: string;
  let adminServiceUrl: string;
  let ai: ChatStandIn;

  beforeAll(async () => {
    run = await prepareDistributedRun('adm');
    ai = await startChatStandIn();
    const gatewayPort = await freePort();
    const servicePortBase = await freePortBlock(40);
    const processes = distributedProcesses({
      gatewayPort,
      servicePortBase,
      env: {
        ...run.env,
        ADMIN_EMAIL: admin.email,
        ADMIN_PASSWORD: admin.password,
        LLM_API_KEY: 'stand-in-key',
        LLM_BASE_URL: ai.url,
        LLM_MODEL: 'stand-in',
        LOG_LEVEL: 'info',
      },
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
    await ai?.close();
  });

  adminApiCases(() => ({ base, adminServiceUrl, admin, exchangesBy: 'ai' }));
});
