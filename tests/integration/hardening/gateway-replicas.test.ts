import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { createLogger } from '@stockai/platform';
import { waitFor } from '@stockai/platform/src/testing';
import { type TestGateway, startGatewayTo } from './gateway-stand-ins';

/**
 * The gateway in front of two replicas of a service on loopback (ADR 0073): taken in turn,
 * a refused request sent to the other replica whatever its method, a request the replica may
 * have received sent again only when that is safe, and a replica that keeps refusing skipped
 * for 5 s.
 */

interface Replica {
  url: string;
  port: number;
  /** Requests the replica answered: method, path and body. */
  answered: Array<{ method: string; url: string; body: string }>;
  /** Requests it received and dropped without answering (`resetting`). */
  dropped: number;
  /** Stops listening: connections to its port are refused from now on. */
  stop(): Promise<void>;
  /** Listens again on the same port. */
  restart(): Promise<void>;
}

/**
 * A replica answering every request with a JSON echo; a `resetting` one reads each request
 * whole and resets the connection instead of answering (a process that died while serving it).
 */
async function startReplica(options: { resetting?: boolean; port?: number } = {}): Promise<Replica> {
  const sockets = new Set<net.Socket>();
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      if (options.resetting) {
        replica.dropped++;
        req.socket.resetAndDestroy();
        return;
      }
      replica.answered.push({ method: req.method ?? '', url: req.url ?? '', body });
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ port: replica.port }));
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  const listen = (port: number) => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  await listen(options.port ?? 0);
  const { port } = server.address() as AddressInfo;
  const replica: Replica = {
    url: `http://127.0.0.1:${port}`,
    port,
    answered: [],
    dropped: 0,
    stop: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
    restart: () => listen(port),
  };
  return replica;
}

const allTo = (urls: string[]) => ({ auth: urls, billing: urls, analysis: urls, content: urls, admin: urls });

describe('the gateway in front of two replicas', () => {
  let replicas: Replica[] = [];
  let gateway: TestGateway | undefined;
  afterEach(async () => {
    await gateway?.close();
    await Promise.all(replicas.map((r) => r.stop().catch(() => undefined)));
    replicas = [];
  });

  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${gateway?.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });

  it('takes the replicas in turn', async () => {
    replicas = [await startReplica(), await startReplica()];
    gateway = await startGatewayTo('', { upstreams: allTo(replicas.map((r) => r.url)) });
    for (let i = 0; i < 10; i++) expect((await fetch(`${gateway.url}/api/stocks?i=${i}`)).status).toBe(200);
    expect(replicas.map((r) => r.answered.length)).toEqual([5, 5]);
  });

  it('loses no request when one replica refuses: GET, and POST with or without an Idempotency-Key', async () => {
    const [stopped, live] = (replicas = [await startReplica(), await startReplica()]);
    if (!stopped || !live) throw new Error('no replicas');
    gateway = await startGatewayTo('', { upstreams: allTo(replicas.map((r) => r.url)) });
    await stopped.stop();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => [
        fetch(`${gateway?.url}/api/stocks?i=${i}`),
        post('/api/analyze-stocks', { symbol: 'AAPL', i }, { 'idempotency-key': `key-${i}` }),
        post('/api/users/credits/purchase', { packageId: 'small', i }),
      ]).flat(),
    );
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    expect(live.answered).toHaveLength(60);
    // The bodies held for a resend arrive whole.
    expect(
      live.answered
        .filter((r) => r.method === 'POST')
        .map((r) => (JSON.parse(r.body) as { i: number }).i)
        .sort((a, b) => a - b),
    ).toEqual([...Array.from({ length: 20 }, (_, i) => [i, i])].flat());
  });

  it('sends a request the replica may have received to the other only when that is safe; a POST without a key gets a 502', async () => {
    const [resetting, live] = (replicas = [await startReplica({ resetting: true }), await startReplica()]);
    if (!resetting || !live) throw new Error('no replicas');
    gateway = await startGatewayTo('', { upstreams: allTo(replicas.map((r) => r.url)) });

    const safe = [];
    for (let i = 0; i < 6; i++) {
      safe.push(await fetch(`${gateway.url}/api/stocks?i=${i}`));
      safe.push(await post('/api/analyze-stocks', { symbol: 'MSFT', i }, { 'idempotency-key': `safe-${i}` }));
    }
    expect(safe.map((a) => a.status)).toEqual(safe.map(() => 200));
    expect(live.answered).toHaveLength(12);
    const droppedBefore = resetting.dropped;
    expect(droppedBefore).toBeGreaterThan(0);

    const unsafe = [];
    for (let i = 0; i < 6; i++) unsafe.push(await post('/api/analyze-stocks', { symbol: 'TSLA', i }));
    const statuses = unsafe.map((a) => a.status);
    // Each reached one replica only: what the resetting one dropped is not sent to the live one.
    expect(statuses.filter((s) => s === 502)).toHaveLength(resetting.dropped - droppedBefore);
    expect(statuses.filter((s) => s === 200)).toHaveLength(live.answered.length - 12);
    expect(statuses).toContain(502);
    const lost = unsafe.find((a) => a.status === 502);
    expect(await lost?.json()).toEqual({
      code: 'UPSTREAM_CONNECTION_LOST',
      error: expect.stringMatching(
        /^The service closed the connection before answering, so the request may or may not have been carried out/,
      ) as unknown,
    });
  });

  it('does not send a streamed body again: it is gone once sent', async () => {
    const [resetting, live] = (replicas = [await startReplica({ resetting: true }), await startReplica()]);
    if (!resetting || !live) throw new Error('no replicas');
    gateway = await startGatewayTo('', { upstreams: allTo(replicas.map((r) => r.url)) });
    // Over the size a request is held for a resend: streamed on, once.
    const big = JSON.stringify({ text: 'x'.repeat(100 * 1024) });
    const statuses = [];
    for (let i = 0; i < 4; i++) {
      const res = await fetch(`${gateway.url}/api/analyze-stocks`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': `big-${i}` },
        body: big,
      });
      statuses.push(res.status);
    }
    expect(statuses.filter((s) => s === 502)).toHaveLength(resetting.dropped);
    expect(statuses.filter((s) => s === 200)).toHaveLength(live.answered.length);
    expect(resetting.dropped).toBeGreaterThan(0);
  });

  it('answers 503 when every replica refuses, having tried them', async () => {
    replicas = [await startReplica(), await startReplica()];
    gateway = await startGatewayTo('', { upstreams: allTo(replicas.map((r) => r.url)) });
    await Promise.all(replicas.map((r) => r.stop()));
    const res = await fetch(`${gateway.url}/api/stocks`);
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ code: 'UPSTREAM_UNAVAILABLE' });
  });

  it('skips a replica that refused 3 times in a row for 5 s, then sends to it again, and logs each once', async () => {
    const [flapping, live] = (replicas = [await startReplica(), await startReplica()]);
    if (!flapping || !live) throw new Error('no replicas');
    const lines: Array<{ msg: string; upstream?: string }> = [];
    const logger = createLogger('gateway', 'info', { write: (line: string) => void lines.push(JSON.parse(line) as { msg: string }) });
    gateway = await startGatewayTo('', { upstreams: allTo(replicas.map((r) => r.url)), logger });
    await flapping.stop();
    // Taken in turn, every other request tries the stopped replica first, then the live one.
    for (let i = 0; i < 6; i++) expect((await fetch(`${gateway.url}/api/stocks?before=${i}`)).status).toBe(200);
    const ejectedAt = Date.now();
    expect(lines.filter((l) => l.msg.includes('skipped for a while'))).toEqual([
      expect.objectContaining({ upstream: flapping.url, msg: 'upstream replica refuses connections; skipped for a while' }),
    ]);

    await flapping.restart();
    for (let i = 0; i < 10; i++) expect((await fetch(`${gateway.url}/api/stocks?during=${i}`)).status).toBe(200);
    expect(flapping.answered).toHaveLength(0);

    await waitFor(
      'the skipped replica to be sent a request again',
      async () => (await fetch(`${gateway?.url}/api/stocks?after`)).status === 200 && flapping.answered.length > 0,
      10_000,
    );
    expect(Date.now() - ejectedAt).toBeGreaterThanOrEqual(4900);
    expect(lines.filter((l) => l.msg === 'upstream replica answers again')).toEqual([expect.objectContaining({ upstream: flapping.url })]);
    expect(lines.filter((l) => l.msg.includes('skipped for a while'))).toHaveLength(1);
  });
});
