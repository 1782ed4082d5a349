/** Latency percentiles and answers by status: what every load scenario reports. */
export interface Figures {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  /** Answers by HTTP status, and transport failures by error code (ECONNRESET, timeout, …). */
  byStatus: Record<string, number>;
}

export class Recorder {
  private readonly latencies: number[] = [];
  private readonly statuses = new Map<string, number>();

  add(status: number | string, ms: number): void {
    this.latencies.push(ms);
    const key = String(status);
    this.statuses.set(key, (this.statuses.get(key) ?? 0) + 1);
  }

  /** Times `call`, recording its status, or the error's code when it throws. */
  async time<T extends { status: number }>(call: () => Promise<T>): Promise<T | undefined> {
    const started = performance.now();
    try {
      const result = await call();
      this.add(result.status, performance.now() - started);
      return result;
    } catch (err) {
      this.add(errorCode(err), performance.now() - started);
      return undefined;
    }
  }

  figures(): Figures {
    return {
      count: this.latencies.length,
      p50: percentile(this.latencies, 50),
      p95: percentile(this.latencies, 95),
      p99: percentile(this.latencies, 99),
      byStatus: Object.fromEntries([...this.statuses].sort()),
    };
  }
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number);
}

export function errorCode(err: unknown): string {
  // The client's own deadline (http-client.ts: ClientTimeout, 30 s).
  if ((err as Error).name === 'TimeoutError') return 'client-timeout';
  const cause = (err as { cause?: { code?: string } }).cause;
  return cause?.code ?? (err as { code?: string }).code ?? (err as Error).name ?? 'error';
}

export const show = (f: Figures) =>
  `n=${f.count} p50 ${f.p50} ms, p95 ${f.p95} ms, p99 ${f.p99} ms; ${Object.entries(f.byStatus)
    .map(([s, n]) => `${s}×${n}`)
    .join(' ')}`;
