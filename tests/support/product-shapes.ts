/**
 * The two shapes of the product as integration tests start them: the all-in-one process on a
 * fresh data folder, and the distributed processes on a run of their own (distributed-run.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type AllInOne, type AllInOneOptions, startAllInOne } from '../../deploy/all-in-one';
import { type ProcessName, ProcessGroup, distributedProcesses } from '../../deploy/distributed';
import { type DistributedRun, prepareDistributedRun } from './distributed-run';
import { freePort, freePortBlock } from './gateway';

export interface TestAllInOne {
  app: AllInOne;
  stop(): Promise<void>;
}

/** The all-in-one on loopback and a free port, quiet, without the web app, its e-mails in its data folder. */
export async function startTestAllInOne(name: string, options: Partial<Omit<AllInOneOptions, 'dataDir'>> = {}): Promise<TestAllInOne> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `${name}-`));
  const app = await startAllInOne({
    port: 0,
    host: '127.0.0.1',
    webDir: path.join(dataDir, 'no-web'),
    logLevel: 'silent',
    rateLimitPerMinute: 0,
    ...options,
    dataDir,
    auth: { mail: { from: 'StockAI <no-reply@example.com>', outboxDir: path.join(dataDir, 'mail') }, ...options.auth },
  });
  return {
    app,
    async stop() {
      await app.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface TestDistributed {
  run: DistributedRun;
  group: ProcessGroup;
  /** The gateway. */
  base: string;
  /** A process's own address, bypassing the gateway. */
  urlOf(name: ProcessName): string;
  stop(): Promise<void>;
}

/**
 * The distributed processes (all of them, or `only` those) on a run of their own, ready. Seven
 * Node processes compile and start at once on a shared machine: readiness may take minutes.
 */
export async function startTestDistributed(
  name: string,
  options: { env?: Record<string, string>; only?: ProcessName[] } = {},
): Promise<TestDistributed> {
  const logs: string[] = [];
  const run = await prepareDistributedRun(name);
  const gatewayPort = await freePort();
  const processes = distributedProcesses({
    gatewayPort,
    servicePortBase: await freePortBlock(40),
    env: { ...run.env, ...options.env },
  }).filter((p) => !options.only || options.only.includes(p.name));
  const group = new ProcessGroup(processes, (process, line) => logs.push(`${process} | ${line}`));
  const stop = async () => {
    await group.stopAll();
    await run.cleanUp();
  };
  group.startAll();
  try {
    await group.waitAllReady(200_000);
  } catch (err) {
    await stop();
    throw new Error(`${(err as Error).message}\n${logs.slice(-80).join('\n')}`, { cause: err });
  }
  return {
    run,
    group,
    base: `http://127.0.0.1:${gatewayPort}`,
    urlOf: (process) => `http://127.0.0.1:${processes.find((p) => p.name === process)?.port}`,
    stop,
  };
}
