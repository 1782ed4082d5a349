/**
 * Run as its own process by trace.test.ts (instrumentation must load before express, pg and
 * the rest, which jest's module system does not allow). Starts tracing with an in-memory
 * exporter, then the all-in-one app; registers a user through the gateway, waits until
 * billing's consumer has opened the credit account, and prints the finished spans as JSON.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { startTracing } from '@stockai/platform/src/tracing';

async function main() {
  const exporter = new InMemorySpanExporter();
  const tracing = startTracing({ serviceName: 'trace-probe', spanProcessors: [new SimpleSpanProcessor(exporter)] });
  // Loaded only now, so the instrumentations patch http, express and friends first.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { startAllInOne } = require('../../deploy/all-in-one') as typeof import('../../deploy/all-in-one');
  const app = await startAllInOne({
    port: 0,
    dataDir: mkdtempSync(path.join(os.tmpdir(), 'trace-')),
    logLevel: 'silent',
    gatewayHop: process.env.TRACE_GATEWAY_HOP === 'loopback' ? 'loopback' : 'in-process',
  });
  try {
    const res = await fetch(`${app.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'trace@example.com', password: 'secret123', firstName: 'Tracy', lastName: 'Lee' }),
    });
    const { token } = (await res.json()) as { token: string };
    const deadline = Date.now() + 20_000;
    for (;;) {
      const consumed = exporter
        .getFinishedSpans()
        .some((s) => s.name === 'consume user.registered' && s.attributes['messaging.destination'] === 'billing.user-registered');
      const credits = await fetch(`${app.url}/api/users/credits`, { headers: { authorization: `Bearer ${token}` } });
      if (consumed && credits.status === 200) break;
      if (Date.now() > deadline) throw new Error('billing never consumed user.registered');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    await app.stop();
  }
  const spans = exporter.getFinishedSpans().map((s) => ({
    name: s.name,
    traceId: s.spanContext().traceId,
    spanId: s.spanContext().spanId,
    parentSpanId: s.parentSpanContext?.spanId,
    kind: s.kind,
    attributes: s.attributes,
  }));
  process.stdout.write(`SPANS ${JSON.stringify(spans)}\n`);
  await tracing?.shutdown();
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
