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

describe('one trace from the gateway to the consumer', () => {
  it('covers gateway → auth → outbox relay → billing consumer of user.registered', async () => {
    const probe = path.join(__dirname, 'trace-probe.ts');
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', probe], {
      cwd: path.join(__dirname, '..', '..'),
      env: { ...process.env, OTEL_EXPORTER_OTLP_ENDPOINT: '' },
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
    const names = chain.map((s) => s.name);
    expect(names).toContain('publish user.registered');
    const root = chain[chain.length - 1] as SpanRecord;
    expect(root.parentSpanId).toBeUndefined();

    // From the consumer up: the publish (written by the request, sent by the outbox relay),
    // auth's server span, the gateway's proxy call (a client span) and, at the root, the
    // gateway's own server span for the same request.
    const SERVER = 1;
    const CLIENT = 2;
    const at = (find: (s: SpanRecord) => boolean) => chain.findIndex(find);
    const publish = at((s) => s.name === 'publish user.registered');
    const authServer = at((s) => s.kind === SERVER && s.attributes['http.route'] === '/api/auth/register');
    const proxyCall = at((s) => s.kind === CLIENT && /\/api\/auth\/register$/.test(String(s.attributes['url.full'])));
    expect(publish).toBeGreaterThan(0);
    expect(authServer).toBeGreaterThan(publish);
    expect(proxyCall).toBeGreaterThan(authServer);
    expect(chain.length - 1).toBeGreaterThan(proxyCall);
    expect(root.kind).toBe(SERVER);
    expect(root.attributes['url.path']).toBe('/api/auth/register');
  });
});
