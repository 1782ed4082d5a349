/**
 * Gateway overhead: the same authenticated read (GET /api/users/credits) sent through the
 * gateway and straight to the billing service, in one run, against the distributed shape
 * (separate processes, real PostgreSQL, RabbitMQ and Redis). Target: gateway throughput
 * ≥ 0.7 × direct. Usage: `npm run bench:gateway` (env: DATABASE_URL, AMQP_URL, REDIS_URL;
 * BENCH_SECONDS, BENCH_CONNECTIONS).
 */
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { ProcessGroup, distributedProcesses } from '../deploy/distributed';
import { prepareDistributedRun } from '../tests/support/distributed-run';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);

/** CPU time (user + system) a process has used so far, in ms, from /proc (Linux). */
function cpuMs(pid: number | undefined): number {
  if (!pid) return Number.NaN;
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  // utime and stime are fields 14 and 15 of stat, 12 and 13 after the command name; 100 ticks/s.
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function measure(title: string, url: string, token: string, pids: { gateway?: number; billing?: number }) {
  const before = { gateway: cpuMs(pids.gateway), billing: cpuMs(pids.billing) };
  const result = await autocannon({ url, connections, duration: seconds, headers: { authorization: `Bearer ${token}` } });
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
      body: JSON.stringify({ email: `${run.env.AMQP_QUEUE_PREFIX}bench@example.com`, password: 'secret123', firstName: 'Bench', lastName: 'Mark' }),
    });
    const { token } = (await res.json()) as { token: string };
    for (let i = 0; i < 100; i++) {
      const credits = await fetch('http://127.0.0.1:18080/api/users/credits', { headers: { authorization: `Bearer ${token}` } });
      if (credits.ok) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // Warm both paths, then measure them back to back.
    const pids = { gateway: group.pid('gateway'), billing: group.pid('billing') };
    await measure('warm-up', 'http://127.0.0.1:18002/api/users/credits', token, pids);
    await measure('warm-up', 'http://127.0.0.1:18080/api/users/credits', token, pids);
    const direct = await measure('direct to billing', 'http://127.0.0.1:18002/api/users/credits', token, pids);
    const gateway = await measure('through the gateway', 'http://127.0.0.1:18080/api/users/credits', token, pids);
    console.table([direct, gateway]);
    const ratio = gateway.requestsPerSecond / direct.requestsPerSecond;
    console.log(`gateway/direct throughput ratio: ${ratio.toFixed(2)} (target ≥ 0.70) — ${seconds}s each, ${connections} connections`);
    console.log(
      `CPU per request: gateway ${gateway.gatewayCpuMsPerRequest} ms, billing ${gateway.billingCpuMsPerRequest} ms ` +
        `(gateway/billing ${(gateway.gatewayCpuMsPerRequest / gateway.billingCpuMsPerRequest).toFixed(2)})`,
    );
  } finally {
    await group.stopAll();
    await run.dropDatabases();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
