import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ghostRequest } from './ghost-request';

/** The request helper against a real HTTP server on loopback that answers as each test needs. */
describe('ghostRequest', () => {
  let server: http.Server;
  let base: string;
  let answer: (req: http.IncomingMessage, res: http.ServerResponse) => void;
  const seen: string[] = [];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      seen.push(`${req.method} ${req.url}`);
      answer(req, res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const json = (status: number, body: string) => (_req: http.IncomingMessage, res: http.ServerResponse) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(body);
  };

  it('sends the query as Ghost clients do and returns the parsed answer', async () => {
    answer = json(200, '{"posts":[]}');
    const sut = ghostRequest({ timeoutMs: 2000 });
    await expect(
      sut({
        url: `${base}/posts/`,
        method: 'get',
        params: { key: 'k', include: ['tags', 'authors'], filter: "tag:'a b'", none: undefined },
      }),
    ).resolves.toEqual({
      status: 200,
      data: { posts: [] },
    });
    expect(seen.at(-1)).toBe('GET /posts/?key=k&include=tags%2Cauthors&filter=tag%3A%27a%20b%27');
  });

  it('hands Ghost errors over in the shape the clients read', async () => {
    answer = json(503, '{"errors":[{"message":"Ghost is down","type":"InternalServerError"}]}');
    await expect(ghostRequest({ timeoutMs: 2000 })({ url: base, method: 'get' })).rejects.toMatchObject({
      status: 503,
      response: { status: 503, data: { errors: [{ message: 'Ghost is down' }] } },
    });
  });

  it('refuses an answer that is not JSON', async () => {
    answer = json(200, '<html>maintenance</html>');
    await expect(ghostRequest({ timeoutMs: 2000 })({ url: base, method: 'get' })).rejects.toThrow(
      'Ghost answered 200 with something that is not JSON',
    );
  });

  it('stops reading an answer larger than the limit, announced or not', async () => {
    answer = json(200, JSON.stringify({ html: 'x'.repeat(5000) }));
    await expect(ghostRequest({ timeoutMs: 2000, maxBytes: 1000 })({ url: base, method: 'get' })).rejects.toThrow(
      "Ghost's answer is larger than 1000 bytes",
    );
    answer = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const chunk = 'x'.repeat(400);
      res.write('{"html":"');
      for (let i = 0; i < 10; i++) res.write(chunk);
      res.end('"}');
    };
    await expect(ghostRequest({ timeoutMs: 2000, maxBytes: 1000 })({ url: base, method: 'get' })).rejects.toThrow(
      "Ghost's answer is larger than 1000 bytes",
    );
  });

  it('gives up after the timeout, and when its signal is aborted', async () => {
    answer = () => undefined;
    await expect(ghostRequest({ timeoutMs: 50 })({ url: base, method: 'get' })).rejects.toThrow('Ghost did not answer within 50 ms');
    const cancel = new AbortController();
    const pending = ghostRequest({ timeoutMs: 60_000, signal: cancel.signal })({ url: base, method: 'get' });
    cancel.abort();
    await expect(pending).rejects.toThrow('Ghost request canceled');
  });

  it('says where Ghost was looked for and why it could not be reached, when nothing listens there', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', () => resolve()));
    const origin = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise((resolve) => closed.close(resolve));
    await expect(ghostRequest({ timeoutMs: 2000 })({ url: `${origin}/ghost/api/admin/members/`, method: 'get' })).rejects.toThrow(
      new Error(`Ghost could not be reached at ${origin} (ECONNREFUSED)`),
    );
  });

  it('sends a body as JSON', async () => {
    let received = '';
    answer = (req, res) => {
      req.on('data', (c: Buffer) => (received += c.toString()));
      req.on('end', () => json(201, '{"members":[{"id":"1"}]}')(req, res));
    };
    await expect(
      ghostRequest({ timeoutMs: 2000 })({ url: base, method: 'post', data: { members: [{ email: 'a@b.c' }] } }),
    ).resolves.toEqual({
      status: 201,
      data: { members: [{ id: '1' }] },
    });
    expect(JSON.parse(received)).toEqual({ members: [{ email: 'a@b.c' }] });
  });
});
