import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Request } from 'express';
import { ownerClient } from './client';

/** An owner replica on loopback: answers `{ ok: port }`, or (`resetting`) reads each request and drops its connection. */
async function startOwner(resetting = false) {
  const received: string[] = [];
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received.push(`${req.method} ${req.url}`);
      if (resetting) return req.socket.resetAndDestroy();
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: true }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The admin's request as the routes hand it on: only its headers are read. */
const adminRequest = { get: (name: string) => (name === 'authorization' ? 'Bearer admin-token' : undefined) } as unknown as Request;

describe('the admin client of an owner with two replicas', () => {
  const stops: Array<() => Promise<void>> = [];
  afterEach(async () => {
    await Promise.all(stops.splice(0).map((stop) => stop()));
  });

  it('sends a call one replica refused to the other, writes included', async () => {
    const [gone, live] = [await startOwner(), await startOwner()];
    stops.push(live.stop);
    await gone.stop();
    const sut = ownerClient('billing', [gone.url, live.url]);
    for (let i = 0; i < 3; i++) {
      await expect(sut.call(adminRequest, 'GET', `/internal/admin/plans?i=${i}`)).resolves.toEqual({ ok: true });
      await expect(sut.call(adminRequest, 'POST', '/internal/admin/grants', { body: { credits: 5 } })).resolves.toEqual({ ok: true });
    }
    expect(live.received).toHaveLength(6);
  });

  it('does not send a write whose connection was lost to another replica: it may have been made', async () => {
    const [dropping, live] = [await startOwner(true), await startOwner()];
    stops.push(dropping.stop, live.stop);
    const sut = ownerClient('billing', [dropping.url, live.url]);
    await expect(sut.call(adminRequest, 'POST', '/internal/admin/grants', { body: { credits: 5 } })).rejects.toMatchObject({
      status: 503,
      code: 'OWNER_UNAVAILABLE',
    });
    expect([dropping.received, live.received]).toEqual([['POST /internal/admin/grants'], []]);
    // A read is sent again: the second of these lands on the dropping replica in turn and is answered by the live one.
    await sut.call(adminRequest, 'GET', '/internal/admin/plans');
    await expect(sut.call(adminRequest, 'GET', '/internal/admin/plans')).resolves.toEqual({ ok: true });
    expect(dropping.received).toEqual(['POST /internal/admin/grants', 'GET /internal/admin/plans']);
  });
});
