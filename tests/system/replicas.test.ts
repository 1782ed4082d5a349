import { uniqueName, waitFor } from '@stockai/platform/src/testing';
import { ProcessGroup, REPLICA_PORT_STEP, SERVICES, distributedProcesses } from '../../deploy/distributed';
import { type DistributedRun, prepareDistributedRun } from '../support/distributed-run';
import { freePort, freePortBlock } from '../support/gateway';

jest.setTimeout(300_000);

/**
 * `REPLICAS=2` in the distributed shape, as separate processes on the real PostgreSQL,
 * RabbitMQ and Redis: every service and the analysis worker run twice, replica 1 on its port +
 * 100, each answering on its own; a replica killed with SIGKILL is started again by the group
 * (the kubelet's part) and serves again, and the log says so.
 */
describe('the distributed shape with two replicas of each process', () => {
  let run: DistributedRun;
  let group: ProcessGroup;
  const logs: string[] = [];
  let specs: ReturnType<typeof distributedProcesses>;

  beforeAll(async () => {
    run = await prepareDistributedRun('replicas');
    const gatewayPort = await freePort();
    const servicePortBase = await freePortBlock(REPLICA_PORT_STEP + 20);
    specs = distributedProcesses({ gatewayPort, servicePortBase, replicas: 2, env: { ...run.env, LOG_LEVEL: 'info' } });
    group = new ProcessGroup(specs, (name, line) => logs.push(`${name} | ${line}`), { supervise: true, restartBackoffMs: 500 });
    group.startAll();
    // Twelve Node processes and the gateway compile and start at once on two shared cores.
    await group.waitAllReady(240_000).catch((err: Error) => {
      throw new Error(`${err.message}\n${logs.slice(-80).join('\n')}`);
    });
  });

  afterAll(async () => {
    await group?.stopAll();
    await run?.cleanUp();
  });

  const portOf = (name: string) => specs.find((s) => s.name === name)?.port as number;

  it('serves each service and the worker on its port and on port + 100', async () => {
    const names = [...SERVICES, 'analysis-worker'];
    expect(group.names.filter((n) => n !== 'gateway').sort()).toEqual([...names, ...names.map((n) => `${n}#1`)].sort());
    for (const name of names) {
      expect(portOf(`${name}#1`)).toBe(portOf(name) + REPLICA_PORT_STEP);
      for (const port of [portOf(name), portOf(`${name}#1`)]) {
        const res = await fetch(`http://127.0.0.1:${port}/readyz`);
        expect({ name, port, status: res.status }).toEqual({ name, port, status: 200 });
      }
    }
    // Both replicas of auth serve the same users: one registers, the other signs them in.
    const email = `${uniqueName('replica')}@example.com`;
    const registered = await fetch(`http://127.0.0.1:${portOf('auth')}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'secret123', firstName: 'Ka Ho', lastName: 'Chan' }),
    });
    expect(registered.status).toBe(201);
    const login = await fetch(`http://127.0.0.1:${portOf('auth#1')}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'secret123' }),
    });
    expect(login.status).toBe(200);
  });

  it('starts a replica killed with SIGKILL again by itself, and says so', async () => {
    const pid = group.pid('billing#1') as number;
    expect(pid).toBeGreaterThan(0);
    process.kill(pid, 'SIGKILL');
    await waitFor('billing#1 to be started again', () => group.pid('billing#1') !== pid, 30_000);
    await group.waitReady('billing#1', 120_000);
    expect(logs).toContainEqual(expect.stringMatching(/^billing#1 \| exited \(SIGKILL\); restarting in 500 ms$/));
    expect((await fetch(`http://127.0.0.1:${portOf('billing#1')}/readyz`)).status).toBe(200);
  });
});
