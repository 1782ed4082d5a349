/**
 * Gateway overhead: the same authenticated read (GET /api/users/credits) sent through the
 * gateway and straight to the billing service, in one run, against the distributed shape
 * (separate processes, real PostgreSQL, RabbitMQ and Redis). Targets: gateway throughput
 * ≥ 0.80 × direct and ≤ 0.18 ms of gateway CPU per request (medians of the rounds). Usage:
 * `npm run bench:gateway` (env: DATABASE_URL, AMQP_URL, REDIS_URL; BENCH_SECONDS per run (5),
 * BENCH_ROUNDS (5), BENCH_CONNECTIONS (20), BENCH_RATE for a fixed request rate;
 * BENCH_COMPARE_WITH=<another checkout> also runs that checkout's gateway in front of the same
 * services, in the same rounds). Without the env URLs it uses the standard local ports, as the
 * tests do.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';
import { ProcessGroup, distributedProcesses } from '../deploy/distributed';
import { prepareDistributedRun } from '../tests/support/distributed-run';
import { cpuMsOf } from './proc-cpu';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
/** Direct and gateway runs alternate this many times; the figures are the medians. */
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
/** Requests per second for a fixed-rate run (steadier CPU figures); unset = as fast as possible. */
const rate = process.env.BENCH_RATE ? Number(process.env.BENCH_RATE) : undefined;
/**
 * Another checkout (e.g. main's) whose gateway runs beside this one, in front of the same
 * services: both are measured in the same rounds, so a comparison does not depend on what else
 * the machine was doing at the time.
 */
const compareWith = process.env.BENCH_COMPARE_WITH;
const TARGET = { ratio: 0.8, gatewayCpuMs: 0.18 };

/** CPU time (user + system) a process has used so far, in ms (Linux). */
const cpuMs = (pid: number | undefined): number => (pid ? cpuMsOf(`/proc/${pid}/stat`) : Number.NaN);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

interface Side {
  title: string;
  url: string;
  /** The gateway process in front, if any. */
  gateway?: number;
}

async function measure(side: Side, token: string, billing: number | undefined) {
  const before = { gateway: cpuMs(side.gateway), billing: cpuMs(billing) };
  const result = await autocannon({
    url: side.url,
    connections,
    duration: seconds,
    overallRate: rate,
    headers: { authorization: `Bearer ${token}` },
  });
  const ok = result['2xx'];
  const perRequest = (after: number, start: number) => Number(((after - start) / Math.max(ok, 1)).toFixed(3));
  return {
    title: side.title,
    requestsPerSecond: Math.round(result.requests.average),
    latencyP50ms: result.latency.p50,
    latencyP99ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    ok,
    gatewayCpuMsPerRequest: perRequest(cpuMs(side.gateway), before.gateway),
    billingCpuMsPerRequest: perRequest(cpuMs(billing), before.billing),
  };
}
type Measured = Awaited<ReturnType<typeof measure>>;

/** The gateway of another checkout, on its own port, with the same environment as ours. */
function startComparedGateway(checkout: string, env: Record<string, string>, port: number): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', path.join(checkout, 'gateway', 'src', 'main.ts')], {
    cwd: checkout,
    env: { ...(process.env as Record<string, string>), ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function waitUntilReady(url: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const ok = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(5000) })
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} was not ready within ${timeoutMs} ms`);
}

function summary(name: string, measured: Measured[], direct: Measured[]) {
  const ratios = measured.map((m, i) => m.requestsPerSecond / (direct[i] as Measured).requestsPerSecond);
  const gatewayCpu = median(measured.map((r) => r.gatewayCpuMsPerRequest));
  const billingCpu = median(measured.map((r) => r.billingCpuMsPerRequest));
  console.log(
    `${name}: ${median(measured.map((r) => r.requestsPerSecond))} req/s, latency p50/p99 ` +
      `${median(measured.map((r) => r.latencyP50ms))}/${median(measured.map((r) => r.latencyP99ms))} ms; ` +
      `gateway/direct throughput ratio: median ${median(ratios).toFixed(2)} (rounds: ${ratios.map((r) => r.toFixed(2)).join(', ')}; target ≥ ${TARGET.ratio.toFixed(2)}); ` +
      `CPU per request (median): gateway ${gatewayCpu} ms (target ≤ ${TARGET.gatewayCpuMs}), billing ${billingCpu} ms`,
  );
}

async function main() {
  const run = await prepareDistributedRun('bench');
  const specs = distributedProcesses({ gatewayPort: 18080, servicePortBase: 18000, env: run.env });
  const group = new ProcessGroup(specs, () => undefined);
  let compared: ChildProcess | undefined;
  try {
    group.startAll();
    if (compareWith) compared = startComparedGateway(compareWith, specs.find((s) => s.name === 'gateway')?.env ?? {}, 18081);
    await group.waitAllReady(90_000);
    if (compareWith) await waitUntilReady('http://127.0.0.1:18081', 90_000);
    const res = await fetch('http://127.0.0.1:18080/api/auth/register', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: `${run.env.AMQP_QUEUE_PREFIX}bench@example.com`,
        password: 'secret123',
        firstName: 'Bench',
        lastName: 'Mark',
      }),
    });
    const { token } = (await res.json()) as { token: string };
    for (let i = 0; i < 100; i++) {
      const credits = await fetch('http://127.0.0.1:18080/api/users/credits', { headers: { authorization: `Bearer ${token}` } });
      if (credits.ok) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const billing = group.pid('billing');
    const sides: Side[] = [
      { title: 'direct to billing', url: 'http://127.0.0.1:18002/api/users/credits' },
      { title: 'through the gateway', url: 'http://127.0.0.1:18080/api/users/credits', gateway: group.pid('gateway') },
    ];
    if (compared)
      sides.push({ title: `through ${compareWith}'s gateway`, url: 'http://127.0.0.1:18081/api/users/credits', gateway: compared.pid });
    // Warm every path, then alternate them (each round in the other order than the last), so
    // that a slow moment of the machine does not fall on one side only; report the medians.
    for (const side of sides) await measure(side, token, billing);
    const results = new Map<Side, Measured[]>(sides.map((side) => [side, []]));
    for (let round = 1; round <= rounds; round++) {
      for (const side of round % 2 ? sides : [...sides].reverse()) {
        const measured = await measure(side, token, billing);
        results.get(side)?.push({ ...measured, title: `${side.title} #${round}` });
      }
    }
    console.table([...results.values()].flat());
    const [direct = [], ...through] = [...results.values()];
    console.log(
      `direct to billing: ${median(direct.map((r) => r.requestsPerSecond))} req/s, latency p50/p99 ` +
        `${median(direct.map((r) => r.latencyP50ms))}/${median(direct.map((r) => r.latencyP99ms))} ms, ` +
        `billing CPU per request (median) ${median(direct.map((r) => r.billingCpuMsPerRequest))} ms`,
    );
    through.forEach((measured, i) => summary((sides[i + 1] as Side).title, measured, direct));
    console.log(`${rounds} × ${seconds}s each way, ${connections} connections${rate ? `, ${rate} req/s` : ''}`);
  } finally {
    compared?.kill('SIGTERM');
    await group.stopAll();
    if (compared && compared.exitCode === null && compared.signalCode === null)
      await new Promise((resolve) => compared?.once('exit', resolve));
    await run.cleanUp();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
