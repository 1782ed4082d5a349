import http from 'node:http';
import { waitFor } from '@stockai/platform/src/testing';
import { decodedJson as decoded, rawGet } from '../../support/raw-get';
import { type AnalysisStack, apiClient, registerUser, startAnalysisStack } from '../analysis/analysis-stack';

jest.setTimeout(120_000);

/** What Chromium sends; it names gzip before br. */
const BROWSER = 'gzip, deflate, br, zstd';

/**
 * JSON answers of /api are compressed by the services (the platform's app shell) and pass the
 * real gateway untouched; small answers and progress streams are not: auth, billing and
 * analysis on the real PostgreSQL, RabbitMQ and Redis, behind the gateway.
 */
describe('compressed API answers through the gateway', () => {
  let stack: AnalysisStack;
  let api: ReturnType<typeof apiClient>;
  let token: string;

  beforeAll(async () => {
    stack = await startAnalysisStack({ inProcessWorkers: 1 });
    api = apiClient(stack.gatewayUrl);
    ({ token } = await registerUser(stack.gatewayUrl));
  });

  afterAll(async () => {
    stack?.ai.release();
    await stack?.close();
  });

  it('sends the stock list brotli-encoded to a browser, gzip to a gzip-only client, both decoding to the plain list', async () => {
    const url = `${stack.gatewayUrl}/api/stocks`;
    const plain = await rawGet(url, { 'accept-encoding': 'identity' });
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const list = decoded(plain) as unknown[];
    expect(list.length).toBeGreaterThan(15_000);

    const br = await rawGet(url, { 'accept-encoding': BROWSER });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(decoded(br)).toEqual(list);
    const gzip = await rawGet(url, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(decoded(gzip)).toEqual(list);
    // Several-fold smaller on the wire, brotli smaller still.
    expect(gzip.body.length).toBeLessThan(plain.body.length / 3);
    expect(br.body.length).toBeLessThan(gzip.body.length);

    // A repeat visit revalidates: the same ETag whatever the encoding, and a 304 without a body.
    expect(br.headers.etag).toBe(plain.headers.etag);
    expect(br.headers['cache-control']).toContain('max-age=');
    const again = await rawGet(url, { 'accept-encoding': BROWSER, 'if-none-match': String(br.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it('compresses a large JSON answer a route writes with res.json (a search of 100 stocks), and not a small one', async () => {
    const url = `${stack.gatewayUrl}/api/stocks?q=a&limit=100`;
    const plain = await rawGet(url, { 'accept-encoding': 'identity' });
    expect(plain.status).toBe(200);
    expect(plain.body.length).toBeGreaterThan(1024);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await rawGet(url, { 'accept-encoding': BROWSER });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(decoded(br)).toEqual(decoded(plain));
    const gzip = await rawGet(url, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(decoded(gzip)).toEqual(decoded(plain));

    // Billing's balance is well under 1 KB: sent as it is, with its length.
    const small = await rawGet(`${stack.gatewayUrl}/api/users/credits`, { 'accept-encoding': BROWSER, authorization: `Bearer ${token}` });
    expect(small.status).toBe(200);
    expect(small.body.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(Number(small.headers['content-length'])).toBe(small.body.length);
    expect(decoded(small)).toMatchObject({ totalCredits: expect.any(Number) });
  });

  it('compresses the report, and never the progress stream, whose first event arrives while the analysis still runs', async () => {
    stack.ai.hold();
    const started = await api('POST', '/api/analysis/analyze/msft', {
      token,
      body: { userProfile: { riskProfile: 'growth', riskScore: 15 } },
    });
    expect(started.status).toBe(202);
    const id = started.body.analysisId as string;
    await stack.ai.waitHeld();

    let text = '';
    let firstEvent: () => void = () => undefined;
    const sawFirst = new Promise<void>((resolve) => (firstEvent = resolve));
    const stream = await new Promise<http.IncomingMessage>((resolve, reject) => {
      http
        .get(
          `${stack.gatewayUrl}/api/analysis/${id}/events`,
          { headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream', 'accept-encoding': BROWSER } },
          resolve,
        )
        .on('error', reject);
    });
    expect(stream.statusCode).toBe(200);
    expect(stream.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(stream.headers['content-encoding']).toBeUndefined();
    const ended = new Promise<void>((resolve) => stream.on('end', resolve));
    stream.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
      if (text.includes('event: progress')) firstEvent();
    });

    await sawFirst;
    // The AI provider still holds its answer: the event came while the analysis runs.
    expect((await api('GET', `/api/analysis/${id}?t=${Date.now()}`, { token })).body.status).toBe('processing');
    expect(text).not.toContain('"status":"completed"');

    stack.ai.release();
    await ended;
    expect(text).toContain('"status":"completed"');

    const url = `${stack.gatewayUrl}/api/analysis/${id}`;
    const report = await waitFor('the plain report', async () => {
      const answer = await rawGet(`${url}?t=${Date.now()}`, { 'accept-encoding': 'identity', authorization: `Bearer ${token}` });
      return (decoded(answer) as { status: string }).status === 'completed' && answer;
    });
    expect(report.headers['content-encoding']).toBeUndefined();
    const br = await rawGet(url, { 'accept-encoding': BROWSER, authorization: `Bearer ${token}` });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(decoded(br)).toEqual(decoded(report));
    expect(br.body.length).toBeLessThan(report.body.length / 3);
  });
});
