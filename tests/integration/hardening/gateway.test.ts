import { randomUUID } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import { parseConfig } from '@stockai/platform';
import { waitFor } from '@stockai/platform/src/testing';
import { gatewayEnvSchema } from '../../../gateway/src/config';
import { parseTrustedProxies } from '../../../gateway/src/trusted-proxies';
import { type StandIn, type TestGateway, startGatewayTo, startResettingStandIn, startStandIn } from './gateway-stand-ins';

/**
 * The gateway under the probes of issue 17, in front of stand-in services on loopback: open
 * progress streams, idle and reset upstream connections, an oversized body written before
 * reading, and X-Forwarded-For from clients that are not trusted proxies.
 */

interface OpenStream {
  status: number;
  body: string;
  close(): void;
}

/** Opens `GET path` on a connection of its own and resolves once the answer's head (and first bytes) arrive. */
function openStream(base: string, path: string, token: string): Promise<OpenStream> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${base}${path}`, { agent: false, headers: { authorization: `Bearer ${token}` } }, (res) => {
      let body = '';
      const done = () => resolve({ status: res.statusCode ?? 0, body, close: () => req.destroy() });
      res.on('data', (chunk: Buffer) => {
        body += chunk.toString();
        if (res.statusCode === 200) done();
      });
      res.on('end', done);
      res.on('error', () => undefined);
    });
    req.on('error', reject);
  });
}

const streamPath = () => `/api/analysis/${randomUUID()}/events`;

describe('event streams through the gateway', () => {
  let upstream: StandIn;
  let gateway: TestGateway;
  afterEach(async () => {
    await gateway?.close();
    await upstream?.close();
  });

  it('caps open streams per user with a 429 saying why, and frees a place when one closes', async () => {
    upstream = await startStandIn();
    gateway = await startGatewayTo(upstream.url, { streamLimits: { perUser: 3, total: 100 } });
    const alice = gateway.token(randomUUID());
    const open = await Promise.all([1, 2, 3].map(() => openStream(gateway.url, streamPath(), alice)));
    expect(open.map((s) => s.status)).toEqual([200, 200, 200]);

    const refused = await openStream(gateway.url, streamPath(), alice);
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.body)).toEqual({
      code: 'TOO_MANY_STREAMS',
      error: expect.stringMatching(/^Too many open progress streams for this account \(at most 3\)/) as unknown,
    });
    // Another user is not affected by Alice's streams.
    const bob = await openStream(gateway.url, streamPath(), gateway.token(randomUUID()));
    expect(bob.status).toBe(200);

    open[0]?.close();
    await waitFor('the place of the closed stream', async () => {
      const again = await openStream(gateway.url, streamPath(), alice);
      if (again.status === 200) again.close();
      return again.status === 200;
    });
    for (const s of [...open, bob]) s.close();
  });

  it('caps the streams of all users together', async () => {
    upstream = await startStandIn();
    gateway = await startGatewayTo(upstream.url, { streamLimits: { perUser: 10, total: 2 } });
    const open = await Promise.all([1, 2].map(() => openStream(gateway.url, streamPath(), gateway.token(randomUUID()))));
    const refused = await openStream(gateway.url, streamPath(), gateway.token(randomUUID()));
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.body)).toMatchObject({ code: 'TOO_MANY_STREAMS' });
    for (const s of open) s.close();
  });

  it('keeps answering other requests while 300 streams are open (streams have their own connections)', async () => {
    upstream = await startStandIn();
    gateway = await startGatewayTo(upstream.url, { streamLimits: { perUser: 400, total: 400 } });
    const alice = gateway.token(randomUUID());
    const streams = Array.from({ length: 300 }, () => openStream(gateway.url, streamPath(), alice));
    await waitFor('300 streams open at the service', () => upstream.seen.length === 300, 10_000);

    // With one pool of 256 connections for everything, this waited behind the streams for good.
    const res = await fetch(`${gateway.url}/api/stocks?q=AAPL`, { signal: AbortSignal.timeout(5000) });
    expect(res.status).toBe(200);
    for (const s of await Promise.all(streams)) expect(s.status).toBe(200);
    for (const s of await Promise.all(streams)) s.close();
  }, 30_000);

  it('ends the upstream stream when the client goes away', async () => {
    upstream = await startStandIn();
    gateway = await startGatewayTo(upstream.url);
    const stream = await openStream(gateway.url, streamPath(), gateway.token(randomUUID()));
    expect(stream.status).toBe(200);
    stream.close();
    await waitFor('the service to see the stream closed', () => upstream.closedEarly === 1);
  });
});

describe('upstream connections kept alive', () => {
  it('closes an idle pooled connection itself, before the service would', async () => {
    const upstream = await startStandIn(60_000);
    const gateway = await startGatewayTo(upstream.url, { upstreamIdleMs: 200 });
    try {
      expect((await fetch(`${gateway.url}/api/stocks`)).status).toBe(200);
      expect(upstream.connections.opened).toBe(1);
      await waitFor('the gateway to close its idle connection', () => upstream.connections.closed === 1, 5000);
    } finally {
      await gateway.close();
      await upstream.close();
    }
  });

  it('sends a request without a body once more when its reused connection is reset', async () => {
    const upstream = await startResettingStandIn();
    const gateway = await startGatewayTo(upstream.url);
    try {
      expect((await fetch(`${gateway.url}/api/stocks`)).status).toBe(200);
      // The pooled connection is reused and reset; the retry on a new connection is answered.
      const second = await fetch(`${gateway.url}/api/stocks?q=MSFT`);
      expect(second.status).toBe(200);
      expect(upstream.resets).toBe(1);
      expect(upstream.requests).toBe(2);
    } finally {
      await gateway.close();
      await upstream.close();
    }
  });

  it('does not resend a POST without an Idempotency-Key: it may have been acted on (a 502 saying so)', async () => {
    const upstream = await startResettingStandIn();
    const gateway = await startGatewayTo(upstream.url);
    try {
      expect((await fetch(`${gateway.url}/api/stocks`)).status).toBe(200);
      const post = await fetch(`${gateway.url}/api/analyze-stocks`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"symbol":"AAPL"}',
      });
      expect(post.status).toBe(502);
      expect(await post.json()).toMatchObject({ code: 'UPSTREAM_CONNECTION_LOST' });
      expect(upstream.requests).toBe(1);
    } finally {
      await gateway.close();
      await upstream.close();
    }
  });
});

describe('requests waiting for a pooled connection', () => {
  it('are forwarded with the client address once a connection is free, without stopping the gateway', async () => {
    const upstream = await startStandIn();
    const gateway = await startGatewayTo(upstream.url, { maxUpstreamSockets: 1 });
    try {
      const answers = await Promise.all(
        Array.from({ length: 5 }, (_, i) =>
          fetch(`${gateway.url}/api/stocks?q=${i}`, { headers: { 'x-forwarded-for': `203.0.113.${i}` } }),
        ),
      );
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
      expect(upstream.seen.map((s) => s.headers['x-forwarded-for']).sort()).toEqual([0, 1, 2, 3, 4].map((i) => `203.0.113.${i}`));
    } finally {
      await gateway.close();
      await upstream.close();
    }
  });
});

describe('a body over the limit', () => {
  /** Writes the whole request (as Python's urllib does) before reading anything, then reads the answer. */
  function postWholeBody(port: number, bytes: number): Promise<{ head: string; error?: string }> {
    return new Promise((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      let received = '';
      let writeError: string | undefined;
      socket.on('data', (chunk) => (received += chunk.toString('latin1')));
      socket.on('error', (err: NodeJS.ErrnoException) => (writeError ??= err.code));
      socket.on('close', () => resolve({ head: received.split('\r\n')[0] ?? '', error: writeError }));
      socket.write(
        `POST /api/auth/register HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n` +
          `Content-Type: application/json\r\nContent-Length: ${bytes}\r\n\r\n`,
      );
      socket.write(Buffer.alloc(bytes, 'x'), () => socket.end());
    });
  }

  it('answers 413 to a client that writes its whole body first, without resetting the connection', async () => {
    const upstream = await startStandIn();
    const gateway = await startGatewayTo(upstream.url);
    try {
      for (const bytes of [1024 * 1024 + 1, 8 * 1024 * 1024]) {
        expect(await postWholeBody(gateway.port, bytes)).toEqual({ head: 'HTTP/1.1 413 Payload Too Large', error: undefined });
      }
      expect(upstream.seen).toHaveLength(0);
    } finally {
      await gateway.close();
      await upstream.close();
    }
  });
});

describe('TRUSTED_PROXIES', () => {
  it('believes X-Forwarded-For only from the configured proxies, and forwards the one client address', async () => {
    const upstream = await startStandIn();
    const send = async (trusted: string, forwardedFor: string) => {
      const gateway = await startGatewayTo(upstream.url, { trustedProxies: parseTrustedProxies(trusted) });
      try {
        await fetch(`${gateway.url}/api/stocks`, { headers: { 'x-forwarded-for': forwardedFor } });
        return upstream.seen.at(-1)?.headers['x-forwarded-for'];
      } finally {
        await gateway.close();
      }
    };
    try {
      // Default: loopback only, so a proxy on this machine may name the client.
      expect(await send('loopback', '203.0.113.9')).toBe('203.0.113.9');
      // A private range that does not include the caller: its header is ignored.
      expect(await send('10.0.0.0/8', '203.0.113.9')).toBe('127.0.0.1');
      // One trusted hop: the address the proxy right in front saw, not what the client claimed before it.
      expect(await send('1', '203.0.113.9, 198.51.100.1')).toBe('198.51.100.1');
    } finally {
      await upstream.close();
    }
  });

  it('is read from the environment, loopback by default, and a wrong value stops the start', () => {
    const env = { JWT_PUBLIC_KEY: 'pem' };
    const byDefault = parseConfig(gatewayEnvSchema, env).TRUSTED_PROXIES;
    expect(byDefault('127.0.0.1', 0)).toBe(true);
    expect(byDefault('10.1.2.3', 0)).toBe(false);
    expect(byDefault('192.168.1.1', 0)).toBe(false);
    expect(() => parseConfig(gatewayEnvSchema, { ...env, TRUSTED_PROXIES: 'not-an-address' })).toThrow(/TRUSTED_PROXIES/);
  });
});
