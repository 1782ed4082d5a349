/**
 * What must run before the process exits so that no telemetry is lost: the trace exporter's
 * pending spans, the metrics' last push. `tracing/register` adds to it at start, `onShutdown`
 * runs it after the process's own stop on SIGTERM.
 */
const flushers: Array<() => Promise<void>> = [];

export function onTelemetryShutdown(flush: () => Promise<void>): void {
  flushers.push(flush);
}

/** Flushes and stops every registered exporter; a failing one does not keep the others from it. */
export async function shutdownTelemetry(): Promise<void> {
  await Promise.allSettled(flushers.splice(0).map((flush) => flush()));
}
