/**
 * The distributed shape as separate local processes (`npm run start:distributed`): the
 * gateway and the five services, each its own Node process, against PostgreSQL, RabbitMQ
 * and Redis from DATABASE_URL, AMQP_URL and REDIS_URL. Containers (docker-compose.yml) and
 * Kubernetes (charts/) run the same entry points. Also used by the system test.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { loadOrCreateKeyPair } from '@stockai/platform';

const ROOT = path.join(__dirname, '..');

export const SERVICES = ['auth', 'billing', 'analysis', 'content', 'admin'] as const;
type BaseProcessName = (typeof SERVICES)[number] | 'gateway' | 'analysis-worker';
/** A process: replica 0 of a service or the worker by its plain name, replica k ≥ 1 as `name#k`. */
export type ProcessName = BaseProcessName | `${(typeof SERVICES)[number] | 'analysis-worker'}#${number}`;

/** The process's service or worker name without its replica number. */
export const baseName = (name: ProcessName): BaseProcessName => name.split('#')[0] as BaseProcessName;

/** Replica k of a service or the worker listens on its port + REPLICA_PORT_STEP·k. */
export const REPLICA_PORT_STEP = 100;

export interface ProcessSpec {
  name: ProcessName;
  entry: string;
  port: number;
  env: Record<string, string>;
  /** Its Prometheus /metrics port, when `metricsPortBase` was given. */
  metricsPort?: number;
}

/**
 * Ports: gateway on `gatewayPort`, services on `servicePortBase + 1…5` (3001…3005 by default),
 * the analysis worker on `servicePortBase + 13` (3013: health only). The analysis API process
 * runs no jobs (ANALYSIS_WORKERS=0); the worker process runs them. With `replicas` N > 1 each
 * service and the worker run N times, replica k on its port + 100·k (docs/decisions/0073). The
 * callers of a service (the gateway, analysis → billing, admin → its owners) are given every
 * replica's URL and take them in turn.
 */
export function distributedProcesses(options: {
  gatewayPort: number;
  servicePortBase: number;
  env: Record<string, string>;
  /** Processes of each service and of the worker (default 1). */
  replicas?: number;
  /** Serve metrics (METRICS_PORT) from this port on: the services in order, the worker, the gateway. */
  metricsPortBase?: number;
}): ProcessSpec[] {
  const servicePort = (i: number) => options.servicePortBase + i + 1;
  const services: ProcessSpec[] = SERVICES.map((name, i) => ({
    name,
    entry: path.join(ROOT, 'services', name, 'src', 'main.ts'),
    port: servicePort(i),
    env: { ...options.env, PORT: String(servicePort(i)) },
  }));
  const replicas = options.replicas ?? 1;
  const everyReplica = (i: number) =>
    Array.from({ length: replicas }, (_, k) => `http://127.0.0.1:${servicePort(i) + REPLICA_PORT_STEP * k}`).join(',');
  const upstreams = Object.fromEntries(SERVICES.map((name, i) => [`${name.toUpperCase()}_URL`, everyReplica(i)]));
  const analysis = services.find((s) => s.name === 'analysis') as ProcessSpec;
  analysis.env.BILLING_URL = upstreams.BILLING_URL as string;
  const admin = services.find((s) => s.name === 'admin') as ProcessSpec;
  for (const owner of ['AUTH_URL', 'BILLING_URL', 'ANALYSIS_URL']) admin.env[owner] = upstreams[owner] as string;
  const workerPort = options.servicePortBase + 13;
  const worker: ProcessSpec = {
    name: 'analysis-worker',
    entry: path.join(ROOT, 'services', 'analysis', 'src', 'worker.ts'),
    port: workerPort,
    env: { ...options.env, PORT: String(workerPort), BILLING_URL: upstreams.BILLING_URL as string },
  };
  const gatewayEnv: Record<string, string> = { ...options.env, ...upstreams, PORT: String(options.gatewayPort) };
  delete gatewayEnv.JWT_PRIVATE_KEY;
  const replicaOf = (spec: ProcessSpec, k: number): ProcessSpec => {
    const port = spec.port + REPLICA_PORT_STEP * k;
    return { ...spec, name: `${spec.name}#${k}` as ProcessName, port, env: { ...spec.env, PORT: String(port) } };
  };
  const replicated = [...services, worker].flatMap((spec) => [
    spec,
    ...Array.from({ length: replicas - 1 }, (_, i) => replicaOf(spec, i + 1)),
  ]);
  const specs: ProcessSpec[] = [
    ...replicated,
    { name: 'gateway', entry: path.join(ROOT, 'gateway', 'src', 'main.ts'), port: options.gatewayPort, env: gatewayEnv },
  ];
  const { metricsPortBase } = options;
  if (metricsPortBase === undefined) return specs;
  // Metrics ports in order: replica 0 of the services, the worker, the gateway keep theirs; other replicas after.
  specs.sort((a, b) => Number(a.name.includes('#')) - Number(b.name.includes('#')));
  return specs.map((spec, i) => ({
    ...spec,
    metricsPort: metricsPortBase + i,
    env: { ...spec.env, METRICS_PORT: String(metricsPortBase + i) },
  }));
}

function describeFailure(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const cause = err.cause instanceof Error ? `: ${err.cause.message}` : '';
  return `${err.message}${cause}`;
}

/** The back-off before a supervised process that exited is started again (the kubelet's first is 10 s). */
export const DEFAULT_RESTART_BACKOFF_MS = 1000;

/**
 * Starts, stops and restarts the processes; each one's output goes to `output`. With
 * `supervise`, a process that exits without being stopped is started again after the back-off,
 * doubled after each exit that followed a run shorter than a minute (at most 30 s), as the
 * kubelet does; the output says so.
 */
export class ProcessGroup {
  private readonly running = new Map<ProcessName, ChildProcess>();
  private readonly restarts = new Map<ProcessName, { backoffMs: number; timer?: NodeJS.Timeout }>();

  constructor(
    private readonly specs: ProcessSpec[],
    private readonly output: (name: ProcessName, line: string) => void,
    private readonly options: { supervise?: boolean; restartBackoffMs?: number } = {},
  ) {}

  /** The names of every process of the group, in start order. */
  get names(): ProcessName[] {
    return this.specs.map((s) => s.name);
  }

  start(name: ProcessName): void {
    const spec = this.spec(name);
    const env: Record<string, string> = { ...(process.env as Record<string, string>), ...spec.env };
    if (baseName(name) !== 'auth') delete env.JWT_PRIVATE_KEY;
    const child = spawn(process.execPath, ['--import', 'tsx', spec.entry], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    for (const stream of [child.stdout, child.stderr]) {
      let buffer = '';
      stream?.on('data', (chunk: Buffer) => {
        buffer += chunk.toString();
        const lines = buffer.split('\n');
        buffer = lines.pop() ?? '';
        for (const line of lines) if (line) this.output(name, line);
      });
    }
    this.running.set(name, child);
    if (this.options.supervise) this.superviseExit(name, child);
  }

  private superviseExit(name: ProcessName, child: ChildProcess): void {
    const startedAt = Date.now();
    child.once('exit', (code, signal) => {
      // Stopped on purpose (stop() removed it) or replaced meanwhile: not a crash.
      if (this.running.get(name) !== child) return;
      const initial = this.options.restartBackoffMs ?? DEFAULT_RESTART_BACKOFF_MS;
      const previous = this.restarts.get(name)?.backoffMs;
      const backoffMs = previous !== undefined && Date.now() - startedAt < 60_000 ? Math.min(previous * 2, 30_000) : initial;
      this.output(name, `exited (${signal ?? `code ${code}`}); restarting in ${backoffMs} ms`);
      const timer = setTimeout(() => {
        if (this.running.get(name) !== child) return;
        this.output(name, 'restarting');
        this.start(name);
      }, backoffMs);
      this.restarts.set(name, { backoffMs, timer });
    });
  }

  startAll(): void {
    for (const spec of this.specs) this.start(spec.name);
  }

  /**
   * Polls `/readyz` until the process answers 200, or fails after `timeoutMs` with the last
   * answer it gave (the readiness body names the dependency that is not ready).
   */
  async waitReady(name: ProcessName, timeoutMs = 60_000): Promise<void> {
    const { port } = this.spec(name);
    const deadline = Date.now() + timeoutMs;
    let last = 'no answer yet';
    while (Date.now() < deadline) {
      const child = this.running.get(name);
      // A supervised process that exited is started again: wait for it.
      if (!child || (child.exitCode !== null && !this.options.supervise)) throw new Error(`${name} exited with code ${child?.exitCode}`);
      // A readiness answer takes at most 2 s: each check of the process's own dependencies runs at once.
      const answer = await fetch(`http://127.0.0.1:${port}/readyz`, { signal: AbortSignal.timeout(5000) })
        .then(async (r) => ({ ok: r.ok, text: `${r.status} ${await r.text()}` }))
        .catch((err: unknown) => ({ ok: false, text: describeFailure(err) }));
      if (answer.ok) return;
      last = answer.text;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`${name} was not ready within ${timeoutMs} ms (last answer: ${last})`);
  }

  /** Waits for every process; on failure names each one that is not ready, with its last answer. */
  async waitAllReady(timeoutMs = 60_000): Promise<void> {
    const results = await Promise.allSettled(this.specs.map((s) => this.waitReady(s.name, timeoutMs)));
    const failures = results.flatMap((r) => (r.status === 'rejected' ? [describeFailure(r.reason)] : []));
    if (failures.length > 0) throw new Error(failures.join('\n'));
  }

  /** SIGTERM, then SIGKILL after `graceMs`; resolves when the process has exited. */
  async stop(name: ProcessName, graceMs = 10_000): Promise<void> {
    const child = this.running.get(name);
    this.running.delete(name);
    clearTimeout(this.restarts.get(name)?.timer);
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      child.kill('SIGTERM');
    });
  }

  /**
   * Sends `signal` to the process as something outside the group would (the kubelet rolling a
   * Deployment, a crash); resolves once it has exited. Supervised, it is then started again.
   */
  async kill(name: ProcessName, signal: NodeJS.Signals): Promise<void> {
    const child = this.running.get(name);
    if (!child || child.exitCode !== null || child.signalCode !== null) throw new Error(`${name} is not running`);
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill(signal);
    });
  }

  async stopAll(): Promise<void> {
    await Promise.all([...this.running.keys()].map((name) => this.stop(name)));
  }

  /** The Prometheus text a process serves on its metrics port. */
  async metrics(name: ProcessName): Promise<string> {
    const { metricsPort } = this.spec(name);
    if (!metricsPort) throw new Error(`${name} was started without a metrics port`);
    return (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
  }

  /** The operating-system process id of a running process. */
  pid(name: ProcessName): number | undefined {
    return this.running.get(name)?.pid;
  }

  private spec(name: ProcessName): ProcessSpec {
    const spec = this.specs.find((s) => s.name === name);
    if (!spec) throw new Error(`unknown process ${name}`);
    return spec;
  }
}

if (require.main === module) {
  const keys = process.env.JWT_PUBLIC_KEY
    ? { publicKey: process.env.JWT_PUBLIC_KEY, privateKey: process.env.JWT_PRIVATE_KEY ?? '' }
    : loadOrCreateKeyPair(path.resolve(process.env.DATA_DIR ?? './data', 'keys'));
  const replicas = Number(process.env.REPLICAS ?? 1);
  if (!Number.isInteger(replicas) || replicas < 1 || replicas > 9) {
    console.error(`REPLICAS must be a whole number from 1 to 9 (got ${process.env.REPLICAS})`);
    process.exit(1);
  }
  const group = new ProcessGroup(
    distributedProcesses({
      gatewayPort: Number(process.env.PORT ?? 8080),
      servicePortBase: Number(process.env.SERVICE_PORT_BASE ?? 3000),
      replicas,
      env: {
        JWT_PUBLIC_KEY: keys.publicKey,
        JWT_PRIVATE_KEY: keys.privateKey,
        WEB_DIR: process.env.WEB_DIR ?? path.join(ROOT, 'web', 'dist'),
        // Serve on, unready, this long after SIGTERM before draining (the chart's preStop sleep).
        SHUTDOWN_DELAY_MS: process.env.SHUTDOWN_DELAY_MS ?? (replicas > 1 ? '2000' : '0'),
      },
    }),
    (name, line) => process.stdout.write(`${name.padEnd(17)} | ${line}\n`),
    { supervise: true },
  );
  group.startAll();
  group
    .waitAllReady()
    .then(() => console.log(`all processes ready: http://localhost:${process.env.PORT ?? 8080}`))
    .catch((err: Error) => console.error(err.message));
  const stop = () => void group.stopAll().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
