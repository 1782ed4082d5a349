import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

jest.setTimeout(90_000);

interface SpanRecord {
  name: string;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  kind: number;
  attributes: Record<string, unknown>;
}

const SERVER = 1;
const CLIENT = 2;

/**
 * Runs the probe with the gateway reaching the services as `hop` says, and returns the spans
 * from billing's consumer of user.registered up to the root of its trace.
 */
async function consumerToRoot(hop: 'loopback' | 'in-process'): Promise<SpanRecord[]> {
  const probe = path.join(__dirname, 'trace-probe.ts');
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', probe], {
    cwd: path.join(__dirname, '..', '..'),
    env: { ...process.env, OTEL_EXPORTER_OTLP_ENDPOINT: '', TRACE_GATEWAY_HOP: hop },
    maxBuffer: 32 * 1024 * 1024,
  });
  const line = stdout.split('\n').find((l) => l.startsWith('SPANS '));
  expect(line).toBeDefined();
  const spans = JSON.parse((line as string).slice('SPANS '.length)) as SpanRecord[];

  const consumer = spans.find(
    (s) => s.name === 'consume user.registered' && s.attributes['messaging.destination'] === 'billing.user-registered',
  );
  expect(consumer).toBeDefined();
  const trace = spans.filter((s) => s.traceId === consumer?.traceId);
  const byId = new Map(trace.map((s) => [s.spanId, s]));

  // Walk from the consumer up to the root: every hop of the journey is an ancestor.
  const chain: SpanRecord[] = [];
  for (let span: SpanRecord | undefined = consumer; span; span = span.parentSpanId ? byId.get(span.parentSpanId) : undefined) {
    chain.push(span);
  }
  const root = chain[chain.length - 1] as SpanRecord;
  expect(root.parentSpanId).toBeUndefined();
  expect(root.kind).toBe(SERVER);
  expect(root.attributes['url.path']).toBe('/api/auth/register');
  expect(chain.map((s) => s.name)).toContain('publish user.registered');
  return chain;
}

describe('one trace from the gateway to the consumer', () => {
  it('covers gateway → proxy → auth → outbox relay → billing consumer of user.registered, over a network hop', async () => {
    const chain = await consumerToRoot('loopback');
    // From the consumer up: the publish (written by the request, sent by the outbox relay),
    // auth's server span, the gateway's proxy call (a client span) and, at the root, the
    // gateway's own server span for the same request.
    const at = (find: (s: SpanRecord) => boolean) => chain.findIndex(find);
    const publish = at((s) => s.name === 'publish user.registered');
    const authServer = at((s) => s.kind === SERVER && s.attributes['http.route'] === '/api/auth/register');
    const proxyCall = at((s) => s.kind === CLIENT && /\/api\/auth\/register$/.test(String(s.attributes['url.full'])));
    expect(publish).toBeGreaterThan(0);
    expect(authServer).toBeGreaterThan(publish);
    expect(proxyCall).toBeGreaterThan(authServer);
    expect(chain.length - 1).toBeGreaterThan(proxyCall);
  });

  it('covers gateway → auth → outbox relay → billing consumer in the all-in-one, where the gateway hands the request to auth in process', async () => {
    const chain = await consumerToRoot('in-process');
    // No network hop: one server span, the gateway's, which auth's route names, with auth's
    // route handler under it and the publish under that.
    const at = (find: (s: SpanRecord) => boolean) => chain.findIndex(find);
    const publish = at((s) => s.name === 'publish user.registered');
    const handler = at((s) => s.name.startsWith('request handler') && s.attributes['http.route'] === '/api/auth/register');
    expect(publish).toBeGreaterThan(0);
    expect(handler).toBeGreaterThan(publish);
    expect(chain.filter((s) => s.kind === SERVER || s.kind === CLIENT)).toEqual([chain[chain.length - 1]]);
    expect(chain[chain.length - 1]?.attributes['http.route']).toBe('/api/auth/register');
  });
});
