/**
 * The load and fault suite (`npm run test:load`), on loopback only, bounded in requests and
 * time: each scenario sends a fixed number of requests or runs for a fixed number of seconds.
 *
 * Shapes (LOAD_SHAPE = all-in-one | distributed | both, default both):
 * - all-in-one: what `npm start` runs (PGlite, in-memory bus and cache, in-process workers), in
 *   a child process of its own;
 * - distributed: every service, a worker and the gateway as separate processes on the real
 *   PostgreSQL and Redis, and RabbitMQ in a virtual host of the run's own (made and deleted
 *   with rabbitmqctl), so closing "all" its connections touches no other run.
 *
 * Scenarios: 300 streams from one user while another browses; 200 concurrent searches;
 * 50 concurrent analyses (and 200 in the all-in-one); in the distributed shape, billing and the
 * analysis API restarted and RabbitMQ's connections closed mid-load, and `rolling`: two
 * replicas of everything, each of the 12 given SIGTERM in turn under a steady load from 12
 * members, then one SIGKILL (rolling.ts). Credits are counted
 * before and after: none may be lost or taken twice. The analyses' AI is the local
 * OpenAI-compatible stand-in (tests/support), held to keep one analysis, and its streams, open.
 * Figures are printed as Markdown for bench/README.md. LOAD_ONLY (e.g. `streams,faults`) runs
 * only the scenarios named; LOAD_CPU_PROFILE=file.cpuprofile writes a CPU profile of the all-in-one's
 * main thread during each analysis scenario (file-50.cpuprofile, file-200.cpuprofile).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ProcessGroup, distributedProcesses } from '../../deploy/distributed';
import { prepareDistributedRun } from '../../tests/support/distributed-run';
import { startAllInOneProcess } from '../all-in-one-process';
import { startChatStandIn } from '../../tests/integration/analysis/analysis-stack';
import { freePort } from '../../tests/support/gateway';
import { type Figures, show } from './measure';
import { crash, describeUnderLoad, rollingRestart, rolloutOf, underLoad } from './rolling';
import { type Target, concurrentAnalyses, concurrentSearches, faults, registerUsers, streamsWhileBrowsing } from './scenarios';

type Results = Array<[string, Record<string, Figures | string>]>;

async function allInOne(results: Results) {
  const ai = await startChatStandIn();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stockai-load-'));
  Object.assign(process.env, { LLM_API_KEY: 'load-test', LLM_BASE_URL: ai.url });
  // In a process of its own, as `npm start` runs: the scenarios' clients stay out of its event loop.
  const app = await startAllInOneProcess({
    dataDir,
    port: 0,
    host: '127.0.0.1',
    logLevel: 'warn',
    rateLimitPerMinute: 0,
  });
  const profileTo = process.env.LOAD_CPU_PROFILE;
  const target: Target = {
    shape: 'all-in-one',
    url: app.url,
    ai,
    cpu: () => app.cpu(),
    ...(profileTo && {
      profile: {
        start: () => app.startProfile(),
        stop: (count) => app.stopProfile(path.resolve(profileTo.replace(/(\.cpuprofile)?$/, `-${count}$1`))),
      },
    }),
  };
  try {
    await run(results, target, 'streams', () => streamsWhileBrowsing(target));
    await run(results, target, 'searches', () => concurrentSearches(target));
    await run(results, target, 'analyses', () => concurrentAnalyses(target, 50));
    await run(results, target, 'analyses', () => concurrentAnalyses(target, 200));
  } finally {
    await app.stop();
    await ai.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * The distributed shape for `use`: one process per service and a worker, or (`replicas` 2,
 * for the rolling scenario) two of each, supervised as the kubelet would.
 */
async function inDistributedShape(replicas: number, use: (target: Target, group: ProcessGroup) => Promise<void>) {
  const ai = await startChatStandIn();
  const prepared = await prepareDistributedRun('load');
  const vhost = (prepared.env.AMQP_QUEUE_PREFIX as string).replace(/\.$/, '');
  const rabbitmqctl = (...args: string[]) => execFileSync('rabbitmqctl', ['--quiet', ...args], { stdio: 'pipe', timeout: 30_000 });
  rabbitmqctl('add_vhost', vhost);
  rabbitmqctl('set_permissions', '-p', vhost, 'guest', '.*', '.*', '.*');
  const amqp = new URL(prepared.env.AMQP_URL as string);
  amqp.pathname = `/${encodeURIComponent(vhost)}`;
  const gatewayPort = await freePort();
  const group = new ProcessGroup(
    distributedProcesses({
      gatewayPort,
      servicePortBase: 20_000 + Math.floor(Math.random() * 20_000),
      replicas,
      env: {
        ...prepared.env,
        AMQP_URL: amqp.toString(),
        LLM_API_KEY: 'load-test',
        LLM_BASE_URL: ai.url,
        // The preStop equivalent (ADR 0073): a draining replica serves on while the gateway notices.
        ...(replicas > 1 && { SHUTDOWN_DELAY_MS: '1000' }),
      },
    }),
    (name, line) => process.stderr.write(`${name.padEnd(8)} | ${line}\n`),
    { supervise: replicas > 1, restartBackoffMs: 200 },
  );
  const target: Target = {
    shape: 'distributed',
    url: `http://127.0.0.1:${gatewayPort}`,
    ai,
    async restartService(name) {
      await group.stop(name);
      group.start(name);
      await group.waitReady(name, 60_000);
    },
    async restartBroker() {
      rabbitmqctl('close_all_connections', '--vhost', vhost, 'load test: broker restart');
    },
  };
  try {
    group.startAll();
    await group.waitAllReady(240_000);
    await use(target, group);
  } finally {
    await group.stopAll();
    await prepared.cleanUp().catch(() => undefined);
    rabbitmqctl('delete_vhost', vhost);
    await ai.close();
  }
}

async function distributed(results: Results) {
  if (!only || ['streams', 'searches', 'analyses', 'faults'].some((name) => only.includes(name))) {
    await inDistributedShape(1, async (target) => {
      await run(results, target, 'streams', () => streamsWhileBrowsing(target));
      await run(results, target, 'searches', () => concurrentSearches(target));
      await run(results, target, 'analyses', () => concurrentAnalyses(target, 50));
      await run(results, target, 'faults', () => faults(target));
    });
  }
  if (!only || only.includes('rolling')) {
    await inDistributedShape(2, async (target, group) => {
      const rollout = rolloutOf(group, 2);
      const members = (await registerUsers(target.url, 12, 'rolling')).map((token) => ({ token, startsLeft: 0, started: [] }));
      await run(results, target, 'rolling', async () =>
        describeUnderLoad(await underLoad(target.url, members, rollingRestart(rollout), { startsPerMember: 2 })),
      );
      await run(results, target, 'rolling', async () =>
        describeUnderLoad(await underLoad(target.url, members, crash(rollout, 'analysis#1'), { startsPerMember: 1 })),
      );
    });
  }
}

/** LOAD_ONLY=streams,searches runs only the scenarios named. */
const only = process.env.LOAD_ONLY?.split(',');

async function run(results: Results, target: Target, name: string, scenario: () => Promise<Record<string, Figures | string>>) {
  if (only && !only.includes(name)) return;
  const started = Date.now();
  const figures = await scenario();
  results.push([`${target.shape}: ${name}`, figures]);
  console.error(`[${target.shape}] ${name} done in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  for (const [what, f] of Object.entries(figures)) console.error(`  ${what}: ${typeof f === 'string' ? f : show(f)}`);
}

async function main() {
  const shape = process.env.LOAD_SHAPE ?? 'both';
  const results: Results = [];
  if (shape === 'all-in-one' || shape === 'both') await allInOne(results);
  if (shape === 'distributed' || shape === 'both') await distributed(results);
  console.log('| shape: scenario | measured | p50 | p95 | p99 | answers |');
  console.log('|---|---|---|---|---|---|');
  for (const [scenario, figures] of results) {
    for (const [what, f] of Object.entries(figures)) {
      if (typeof f === 'string') console.log(`| ${scenario} | ${what} | | | | ${f} |`);
      else {
        const answers = Object.entries(f.byStatus)
          .map(([s, n]) => `${s}×${n}`)
          .join(' ');
        console.log(`| ${scenario} | ${what} | ${f.p50} ms | ${f.p95} ms | ${f.p99} ms | ${answers} |`);
      }
    }
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
