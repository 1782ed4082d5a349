import { randomUUID } from 'node:crypto';
import http from 'node:http';
import fc from 'fast-check';
import { type WholeStack, startWholeStack } from './whole-stack';

/**
 * The public API of all five services through the gateway, probed as issue 17 did: names of
 * object properties as lookup keys, query parameters given as lists, caching of personal
 * answers, open progress streams, and random and hostile input on every route of the route
 * list. No answer may be a 5xx or show a stack trace.
 */
describe('the public API under hostile input', () => {
  let stack: WholeStack;
  beforeAll(async () => {
    stack = await startWholeStack();
  }, 180_000);
  afterAll(async () => {
    await stack?.close();
  });

  const call = async (path: string, init: { method?: string; token?: string; body?: string; headers?: Record<string, string> } = {}) => {
    const headers: Record<string, string> = { ...init.headers };
    if (init.token) headers.authorization = `Bearer ${init.token}`;
    if (init.body !== undefined) headers['content-type'] ??= 'application/json';
    const res = await fetch(`${stack.gatewayUrl}${path}`, { method: init.method ?? 'GET', headers, body: init.body });
    const text = await res.text();
    return { status: res.status, headers: res.headers, text };
  };

  const PROPERTY_NAMES = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'prototype', '__defineGetter__'];

  it('takes a topic or product type named like an object property as any other word', async () => {
    for (const name of PROPERTY_NAMES) {
      for (const path of [`/api/ghost/blog/relevant/${name}`, `/api/ghost/relevant-posts?productType=${name}`]) {
        const res = await call(path);
        expect({ path, status: res.status }).toEqual({ path, status: 200 });
        expect(JSON.parse(res.text)).toMatchObject({ success: true, posts: expect.any(Array) as unknown });
      }
    }
  });

  it('takes each query parameter once, as text, on every service', async () => {
    const cases = [
      ['/api/stocks?q[]=AAPL', 'q'],
      ['/api/stocks?q=AAPL&q=MSFT', 'q'],
      ['/api/stocks?q[a]=1', 'q'],
      ['/api/ghost/blog/search?keywords[]=dividend', 'keywords'],
      ['/api/users/analysis-history?page[]=1', 'page'],
      ['/api/users/payments?limit=1&limit=2', 'limit'],
    ] as const;
    for (const [path, name] of cases) {
      const res = await call(path, { token: stack.tokens.user });
      expect({ path, status: res.status }).toEqual({ path, status: 400 });
      expect(JSON.parse(res.text)).toEqual({
        code: 'INVALID_QUERY',
        error: expect.stringMatching(new RegExp(`^${name}: must be given once`)) as unknown,
      });
    }
    // One value, as text, is answered as before.
    expect((await call('/api/stocks?q=AAPL')).status).toBe(200);
  });

  it('marks every answer to a signed-in caller no-store unless it is the same for everyone', async () => {
    const started = await call('/api/analysis/analyze/AAPL', { method: 'POST', token: stack.tokens.user, body: '{}' });
    expect(started.status).toBe(202);
    const analysisId = (JSON.parse(started.text) as { analysisId: string }).analysisId;

    const personal = [
      ['/api/users/credits', 'user'],
      ['/api/users/profile', 'user'],
      ['/api/users/payments', 'user'],
      ['/api/users/analysis-history', 'user'],
      ['/api/users/stats', 'user'],
      ['/api/auth/verify', 'user'],
      [`/api/analysis/${analysisId}`, 'user'],
      ...stack.routes
        .filter((r) => r.method === 'GET' && r.path.startsWith('/api/admin/') && !r.path.includes(':'))
        .map((r) => [r.path, 'admin']),
    ] as Array<[string, 'user' | 'admin']>;
    expect(personal.length).toBeGreaterThan(10);
    for (const [path, who] of personal) {
      const res = await call(path, { token: stack.tokens[who] });
      expect({ path, status: res.status }).toEqual({ path, status: 200 });
      expect({ path, cacheControl: res.headers.get('cache-control') }).toEqual({
        path,
        cacheControl: expect.stringContaining('no-store') as unknown,
      });
    }
    // What is the same for everyone keeps its own caching.
    expect((await call('/api/stocks', { token: stack.tokens.user })).headers.get('cache-control')).toMatch(/^public/);
  });

  it("caps one account's open progress streams on the real analysis service, with a 429 past the cap", async () => {
    const started = await call('/api/analysis/analyze/MSFT', { method: 'POST', token: stack.tokens.user, body: '{}' });
    const analysisId = (JSON.parse(started.text) as { analysisId: string }).analysisId;
    const open = (): Promise<{ status: number; contentType: string; close(): void }> =>
      new Promise((resolve, reject) => {
        const req = http.get(
          `${stack.gatewayUrl}/api/analysis/${analysisId}/events`,
          { agent: false, headers: { authorization: `Bearer ${stack.tokens.user}` } },
          (res) => {
            res.on('error', () => undefined);
            res.once('data', () =>
              resolve({ status: res.statusCode ?? 0, contentType: String(res.headers['content-type']), close: () => req.destroy() }),
            );
          },
        );
        req.on('error', reject);
      });
    const streams = [];
    for (let i = 0; i < 20; i++) streams.push(await open());
    expect(streams.every((s) => s.status === 200 && s.contentType.startsWith('text/event-stream'))).toBe(true);
    const refused = await open();
    expect(refused.status).toBe(429);
    for (const s of streams) s.close();
  });

  describe('random and hostile input on every route', () => {
    /** Strings that have broken servers: property names, encodings, numbers at the edges, markup, SQL, long text. */
    const hostileText = fc.oneof(
      fc.constantFrom(
        ...PROPERTY_NAMES,
        '',
        ' ',
        '..',
        'null',
        'undefined',
        'NaN',
        '-1',
        '0',
        '1e309',
        '9'.repeat(40),
        "' OR 1=1 --",
        '<script>alert(1)</script>',
        '\u0000',
        '\uFFFF',
        '😀',
        'A'.repeat(3000),
        randomUUID(),
      ),
      fc.string({ maxLength: 40 }),
      fc.string({ unit: 'binary', maxLength: 20 }),
    );
    /** Text as it may appear in a path or query: percent-encoded, or raw when it cannot be. */
    const encode = (text: string) => {
      try {
        return encodeURIComponent(text);
      } catch {
        return '%E0%A4%A';
      }
    };
    const queryString = fc
      .array(
        fc.tuple(fc.oneof(hostileText, fc.constantFrom('q', 'limit', 'page', 'status', 'symbol', 'q[]', 'page[x]', 'tags')), hostileText),
        {
          maxLength: 4,
        },
      )
      .map((pairs) => (pairs.length ? `?${pairs.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&')}` : ''));
    const body = fc.oneof(
      fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
      fc
        .dictionary(hostileText, fc.oneof(hostileText, fc.integer(), fc.double(), fc.boolean(), fc.constant(null)), { maxKeys: 5 })
        .map((v) => JSON.stringify(v)),
      fc.constantFrom(
        '{"__proto__":{"isAdmin":true}}',
        '{"constructor":{"prototype":{"x":1}}}',
        '{"symbol":{"__proto__":null}}',
        '[]',
        '"text"',
        'not json',
        '{"a":',
        `${'['.repeat(5000)}${']'.repeat(5000)}`,
      ),
      fc.constant(undefined),
    );
    const who = fc.constantFrom<'visitor' | 'user' | 'admin'>('visitor', 'user', 'admin');

    /** A feature this stack leaves unconfigured (Google, Ghost) says so with a 503 and a code of its own. */
    const FEATURE_OFF = /"code":"(\w+_NOT_CONFIGURED|GHOST_WEBHOOKS_OFF)"/;
    /** A stack trace or an internal detail in an answer: file positions, node_modules, error class names. */
    const LEAK =
      /\bat [\w.<>]+ \(|node_modules|\.ts:\d+|\bTypeError\b|\bReferenceError\b|\bSyntaxError\b|\bECONNREFUSED\b|\bduplicate key\b/;

    it('never answers 5xx nor shows a stack trace', async () => {
      expect(stack.routes.length).toBeGreaterThan(60);
      const failures: string[] = [];
      for (const route of stack.routes) {
        // Routes that can end a session get one of their own, so the others keep the user's.
        const tokens = { user: /logout|password/.test(route.path) ? await stack.signIn() : stack.tokens.user, admin: stack.tokens.admin };
        const problems: string[] = [];
        const details = await fc.check(
          fc.asyncProperty(
            fc.array(hostileText, { minLength: 4, maxLength: 4 }),
            queryString,
            body,
            who,
            async (params, query, payload, caller) => {
              let i = 0;
              const path = route.path.replace(/:(\w+)/g, () => encode(params[i++] ?? ''));
              const token = caller === 'visitor' ? undefined : tokens[caller];
              const hasBody = route.method !== 'GET' && route.method !== 'HEAD';
              const res = await call(`${path}${query}`, { method: route.method, token, body: hasBody ? payload : undefined });
              const problem =
                res.status >= 500 && !FEATURE_OFF.test(res.text)
                  ? `${res.status}`
                  : LEAK.test(res.text)
                    ? 'leaks internals'
                    : res.status >= 400 && route.method !== 'HEAD' && !/"error":"/.test(res.text)
                      ? 'no error message'
                      : undefined;
              if (problem)
                problems.push(`${route.method} ${`${path}${query}`.slice(0, 200)} (${caller}) → ${problem}: ${res.text.slice(0, 300)}`);
              return problem === undefined;
            },
          ),
          {
            numRuns: 8,
            endOnFailure: true,
            // Besides the random cases, every route is called with each property name in every slot once.
            examples: PROPERTY_NAMES.map((name, i) => [
              [name, name, name, name],
              `?${name}=${name}&q=${name}`,
              `{"${name}":{"${name}":1}}`,
              (['visitor', 'user', 'admin'] as const)[i % 3],
            ]),
          },
        );
        if (details.failed) failures.push(problems[0] ?? `${route.method} ${route.path}: ${String(details.errorInstance)}`);
      }
      expect(failures).toEqual([]);
    }, 120_000);
  });
});
