import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fetchOver, keptAliveHttp } from './kept-alive-http';

/** A local server that records what it received and answers as each test says. */
describe('fetch on kept-alive connections', () => {
  let server: http.Server;
  let base: string;
  let answer: (req: http.IncomingMessage, body: string, res: http.ServerResponse) => void;
  const received: Array<{ method?: string; url?: string; headers: http.IncomingHttpHeaders; body: string; port: number }> = [];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => (body += chunk));
      req.on('end', () => {
        received.push({ method: req.method, url: req.url, headers: req.headers, body, port: req.socket.remotePort ?? 0 });
        answer(req, body, res);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(() => {
    received.length = 0;
    answer = (_req, _body, res) => res.writeHead(200, { 'content-type': 'application/json', 'x-request-id': 'r1' }).end('{"ok":"好"}');
  });

  it('sends the method, headers and body, and answers with a Response read whole', async () => {
    const fetch = fetchOver(keptAliveHttp(4000));
    const res = await fetch(`${base}/v1/chat/completions?x=1`, {
      method: 'POST',
      headers: new Headers({ authorization: 'Bearer k', 'content-type': 'application/json' }),
      body: JSON.stringify({ text: '你好' }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toBe('r1');
    expect(await res.json()).toEqual({ ok: '好' });
    expect(received[0]).toMatchObject({ method: 'POST', url: '/v1/chat/completions?x=1', body: '{"text":"你好"}' });
    expect(received[0]?.headers).toMatchObject({
      authorization: 'Bearer k',
      'content-length': String(Buffer.byteLength('{"text":"你好"}')),
    });
  });

  it('keeps the connection for the next request', async () => {
    const fetch = fetchOver(keptAliveHttp(4000));
    await (await fetch(`${base}/a`)).text();
    await (await fetch(`${base}/b`)).text();
    expect(received.map((r) => r.url)).toEqual(['/a', '/b']);
    expect(received[1]?.port).toBe(received[0]?.port);
  });

  it('passes error statuses through and gives a bodiless status no body', async () => {
    const fetch = fetchOver(keptAliveHttp(4000));
    answer = (req, _body, res) =>
      req.url === '/busy' ? res.writeHead(429, { 'retry-after': '2' }).end('slow down') : res.writeHead(204).end();
    const busy = await fetch(`${base}/busy`);
    expect([busy.status, busy.ok, busy.headers.get('retry-after'), await busy.text()]).toEqual([429, false, '2', 'slow down']);
    const empty = await fetch(`${base}/empty`);
    expect([empty.status, empty.body]).toEqual([204, null]);
  });

  it('waits for an answer slower than the idle time: that bounds unused connections only', async () => {
    const fetch = fetchOver(keptAliveHttp(50));
    answer = (_req, _body, res) => void setTimeout(() => res.writeHead(200).end('late'), 250);
    const res = await fetch(`${base}/slow`);
    expect([res.status, await res.text()]).toEqual([200, 'late']);
  });

  it("rejects with the signal's reason when it aborts, and the server sees the connection go", async () => {
    const fetch = fetchOver(keptAliveHttp(4000));
    let closed!: () => void;
    const serverSawClose = new Promise<void>((resolve) => (closed = resolve));
    answer = (req) => req.socket.once('close', closed); // never answers
    const controller = new AbortController();
    const pending = fetch(`${base}/hang`, { method: 'POST', body: '{}', signal: controller.signal });
    await new Promise<void>((resolve) => {
      const wait = () => (received.length > 0 ? resolve() : setImmediate(wait));
      wait();
    });
    const reason = new Error('took too long');
    controller.abort(reason);
    await expect(pending).rejects.toBe(reason);
    await serverSawClose;
  });

  it('refuses a body that is not a string', async () => {
    const fetch = fetchOver(keptAliveHttp(4000));
    await expect(fetch(`${base}/x`, { method: 'POST', body: new Uint8Array([1]) })).rejects.toThrow('string bodies only');
    expect(received).toHaveLength(0);
  });
});
