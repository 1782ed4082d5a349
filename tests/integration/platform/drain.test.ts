import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { RECONNECT_EVENT } from '@stockai/platform';
import { waitFor } from '@stockai/platform/src/testing';
import { type DistributedRun, prepareDistributedRun } from '../../support/distributed-run';
import { freePort } from '../../support/gateway';

jest.setTimeout(120_000);

const FIXTURE = path.join(__dirname, '..', '..', '..', 'services', 'platform', 'src', 'runtime', 'drain-fixture', 'main.ts');
const SHUTDOWN_DELAY_MS = 1500;

/**
 * The graceful drain of a service process (runServiceProcess), as a real process on the real
 * PostgreSQL, RabbitMQ and Redis: on SIGTERM its readiness turns false at once while it keeps
 * serving for SHUTDOWN_DELAY_MS; then it finishes the request in flight, ends its open event
 * stream with the reconnect hint, and exits 0.
 */
describe('a service process on SIGTERM', () => {
  let run: DistributedRun;
  let child: ChildProcess;
  let url: string;
  const logs: string[] = [];

  beforeAll(async () => {
    run = await prepareDistributedRun('drain');
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, ['--import', 'tsx', FIXTURE], {
      env: {
        ...(process.env as Record<string, string>),
        ...run.env,
        LOG_LEVEL: 'info',
        PORT: String(port),
        SHUTDOWN_DELAY_MS: String(SHUTDOWN_DELAY_MS),
        DRAINFIXTURE_DATABASE_URL: run.env.AUTH_DATABASE_URL as string,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    for (const stream of [child.stdout, child.stderr]) stream?.on('data', (chunk: Buffer) => logs.push(chunk.toString()));
    await waitFor(
      'the fixture service to be ready',
      () =>
        fetch(`${url}/readyz`).then(
          (r) => r.ok,
          () => false,
        ),
      60_000,
    ).catch((err: Error) => {
      throw new Error(`${err.message}\n${logs.join('')}`);
    });
  });

  afterAll(async () => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await run?.cleanUp();
  });

  it('turns unready at once, finishes the slow request in flight, ends the stream with a reconnect hint, and exits 0', async () => {
    const stream = await fetch(`${url}/stream`);
    expect(stream.status).toBe(200);
    const streamText = stream.text();
    // Its head has arrived: the slow request is in flight when the signal comes.
    const slowHead = await fetch(`${url}/slow?ms=${SHUTDOWN_DELAY_MS + 1000}`);
    const slow = slowHead.json().then((body) => ({ status: slowHead.status, body }));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');

    const readyz = await waitFor('readiness to turn false', async () => {
      const r = await fetch(`${url}/readyz`);
      return r.status === 503 ? ((await r.json()) as { checks: Record<string, string> }) : undefined;
    });
    expect(readyz.checks.shutdown).toBe('shutting down');
    // Still serving while balancers notice: liveness answers, the stream is still open.
    expect((await fetch(`${url}/healthz`)).status).toBe(200);

    expect(await slow).toEqual({ status: 200, body: { finished: true } });
    expect(await streamText).toBe(`event: hello\ndata: {}\n\n${RECONNECT_EVENT}`);
    expect(await exited).toBe(0);
    expect(logs.join('')).toContain('drained');
  });
});
