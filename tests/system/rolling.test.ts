import { ProcessGroup, REPLICA_PORT_STEP, distributedProcesses } from '../../deploy/distributed';
import { type Member, type Rollout, crash, describeUnderLoad, rollingRestart, rolloutOf, underLoad } from '../../bench/load/rolling';
import { registerUsers } from '../../bench/load/scenarios';
import { type DistributedRun, prepareDistributedRun } from '../support/distributed-run';
import { freePort, freePortBlock } from '../support/gateway';

jest.setTimeout(400_000);

/**
 * A rollout under load in the distributed shape (issue 31 item 5): two replicas of every
 * service and of the worker on the real PostgreSQL, RabbitMQ and Redis, the gateway balancing
 * across them. Every one of the 12 gets SIGTERM in turn, the next only once the replacement is
 * ready, while 12 members search, read their credits and start analyses they follow to the
 * end: no member sees a failure, every analysis completes once, every credit adds up. Then one
 * replica is killed outright: what fails is bounded by what was in flight, and no credit is lost
 * or taken twice.
 */
describe('a rollout of every replica under load', () => {
  let run: DistributedRun;
  let group: ProcessGroup;
  let rollout: Rollout;
  let base: string;
  let members: Member[];
  const logs: string[] = [];

  beforeAll(async () => {
    run = await prepareDistributedRun('rolling');
    const gatewayPort = await freePort();
    const servicePortBase = await freePortBlock(REPLICA_PORT_STEP + 20);
    const specs = distributedProcesses({
      gatewayPort,
      servicePortBase,
      replicas: 2,
      env: { ...run.env, LOG_LEVEL: 'warn', SHUTDOWN_DELAY_MS: '1000' },
    });
    group = new ProcessGroup(specs, (name, line) => logs.push(`${name} | ${line}`), { supervise: true, restartBackoffMs: 200 });
    group.startAll();
    await group.waitAllReady(240_000).catch((err: Error) => {
      throw new Error(`${err.message}\n${logs.slice(-80).join('\n')}`);
    });
    rollout = rolloutOf(group, 2);
    base = `http://127.0.0.1:${gatewayPort}`;
    members = (await registerUsers(base, 12, 'rolling')).map((token) => ({ token, startsLeft: 0, started: [] }));
  });

  afterAll(async () => {
    await group?.stopAll();
    await run?.cleanUp();
  });

  it('loses nothing while each of the 12 replicas gets SIGTERM in turn', async () => {
    const sut = await underLoad(base, members, rollingRestart(rollout), { startsPerMember: 2 });
    console.log('rolling SIGTERM', describeUnderLoad(sut));
    expect(sut.replaced.map((r) => r.name)).toEqual(rollout.names);
    expect(sut.failed).toBe(0);
    expect(Object.keys(sut.requests.byStatus).sort()).toEqual(['200', '202']);
    expect(sut.analyses.started).toBeGreaterThanOrEqual(12);
    expect(sut.analyses.other).toEqual([]);
    expect(sut.analyses.completed).toBe(sut.analyses.started);
    expect(sut.credits).toEqual({ lost: 0, takenTwice: 0 });
    expect(logs.filter((l) => /exited \(code 0\); restarting/.test(l))).toHaveLength(12);
  });

  it('fails no more than was in flight when one replica is killed, and loses no credit', async () => {
    const sut = await underLoad(base, members, crash(rollout, 'analysis#1'), { startsPerMember: 1 });
    console.log('SIGKILL', describeUnderLoad(sut));
    // At most one request per member was in flight (each member makes one at a time).
    expect(sut.failed).toBeLessThanOrEqual(members.length);
    expect(sut.analyses.started).toBeGreaterThan(0);
    expect(sut.analyses.completed).toBe(sut.analyses.started);
    expect(sut.credits).toEqual({ lost: 0, takenTwice: 0 });
    expect(logs).toContainEqual(expect.stringMatching(/^analysis#1 \| exited \(SIGKILL\); restarting in \d+ ms$/));
  });
});
