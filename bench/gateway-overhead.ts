/**
 * Gateway overhead: the same authenticated read (GET /api/users/credits) sent through the
 * gateway and straight to the billing service, in one run, against the distributed shape
 * (separate processes, real PostgreSQL, RabbitMQ and Redis). Target: gateway throughput
 * ≥ 0.7 × direct. Usage: `npm run bench:gateway` (env: DATABASE_URL, AMQP_URL, REDIS_URL;
 * BENCH_SECONDS per run (5), BENCH_ROUNDS (5), BENCH_CONNECTIONS (20), BENCH_RATE for a fixed
 * request rate). Without the env URLs it uses the standard local ports, as the tests do.
 */
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

/** CPU time (user + system) a process has used so far, in ms (Linux). */
const cpuMs = (pid: number | undefined): number => (pid ? cpuMsOf(`/proc/${pid}/stat`) : Number.NaN);

async function measure(title: string, url: string, token: string, pids: { gateway?: number; billing?: number }) {
  const before = { gateway: cpuMs(pids.gateway), billing: cpuMs(pids.billing) };
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    overallRate: rate,
    headers: { authorization: `Bearer ${token}` },
  });
  const ok = result['2xx'];
  const perRequest = (name: 'gateway' | 'billing') => Number(((cpuMs(pids[name]) - before[name]) / Math.max(ok, 1)).toFixed(3));
  return {
    title,
    requestsPerSecond: Math.round(result.requests.average),
    latencyP50ms: result.latency.p50,
    latencyP99ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    ok,
    gatewayCpuMsPerRequest: perRequest('gateway'),
    billingCpuMsPerRequest: perRequest('billing'),
  };
}

async function main() {
  const run = await prepareDistributedRun('bench');
  const group = new ProcessGroup(
    distributedProcesses({
      gatewayPort: 18080,
      servicePortBase: 18000,
      env: run.env,
    }),
    () => undefined,
  );
  try {
    group.startAll();
    await group.waitAllReady(90_000);
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
    // Warm both paths, then alternate them, so that a slow moment of the machine does not
    // fall on one side only; report the medians.
    const pids = { gateway: group.pid('gateway'), billing: group.pid('billing') };
    const directUrl = 'http://127.0.0.1:18002/api/users/credits';
    const gatewayUrl = 'http://127.0.0.1:18080/api/users/credits';
    await measure('warm-up', directUrl, token, pids);
    await measure('warm-up', gatewayUrl, token, pids);
    const results: Array<Awaited<ReturnType<typeof measure>>> = [];
    const ratios: number[] = [];
    for (let round = 1; round <= rounds; round++) {
      const direct = await measure(`direct to billing #${round}`, directUrl, token, pids);
      const gateway = await measure(`through the gateway #${round}`, gatewayUrl, token, pids);
      results.push(direct, gateway);
      ratios.push(gateway.requestsPerSecond / direct.requestsPerSecond);
    }
    console.table(results);
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
    const through = results.filter((r) => r.title.startsWith('through'));
    const straight = results.filter((r) => r.title.startsWith('direct'));
    console.log(
      `median throughput: direct ${median(straight.map((r) => r.requestsPerSecond))} req/s, ` +
        `gateway ${median(through.map((r) => r.requestsPerSecond))} req/s; ` +
        `median latency p50/p99: direct ${median(straight.map((r) => r.latencyP50ms))}/${median(straight.map((r) => r.latencyP99ms))} ms, ` +
        `gateway ${median(through.map((r) => r.latencyP50ms))}/${median(through.map((r) => r.latencyP99ms))} ms`,
    );
    console.log(
      `gateway/direct throughput ratio: median ${median(ratios).toFixed(2)} (rounds: ${ratios.map((r) => r.toFixed(2)).join(', ')}; target ≥ 0.70) — ` +
        `${rounds} × ${seconds}s each way, ${connections} connections${rate ? `, ${rate} req/s` : ''}`,
    );
    const gatewayCpu = median(through.map((r) => r.gatewayCpuMsPerRequest));
    const billingCpu = median(through.map((r) => r.billingCpuMsPerRequest));
    console.log(
      `CPU per request through the gateway (median): gateway ${gatewayCpu} ms, billing ${billingCpu} ms (gateway/billing ${(gatewayCpu / billingCpu).toFixed(2)})`,
    );
  } finally {
    await group.stopAll();
    await run.cleanUp();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
