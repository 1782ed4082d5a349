import http from 'node:http';

/**
 * The benchmarks' and the load suite's HTTP client: node's `http.request` on one pool of
 * kept-alive connections, as many as the callers need, instead of `fetch`, whose web streams
 * cost the generator about twice the CPU (0.75 s against 0.35 s in the 200-analysis burst), on
 * the same two cores as the server it measures (bench/README.md).
 */
const agent = new http.Agent({ keepAlive: true });

export interface TextAnswer {
  status: number;
  text: string;
}

/** A request that got no whole answer in time: `errorCode` (measure.ts) counts it as `client-timeout`. */
export class ClientTimeout extends Error {
  override readonly name = 'TimeoutError';
  constructor(ms: number) {
    super(`no whole answer within ${ms} ms`);
  }
}

/**
 * One request, its whole answer as text (an event stream: everything until the server ends it).
 * Rejects with the transport's error (its `code`: ECONNRESET, ECONNREFUSED, …), or a
 * `ClientTimeout` when the answer has not ended within `timeoutMs`.
 */
export function requestText(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string; timeoutMs: number },
): Promise<TextAnswer> {
  return new Promise((resolve, reject) => {
    const fail = (err: Error) => {
      clearTimeout(timer);
      reject(err);
    };
    const req = http.request(url, { method: options.method ?? 'GET', headers: options.headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        clearTimeout(timer);
        resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') });
      });
      res.on('error', fail);
      res.on('close', () => {
        if (!res.complete) fail(Object.assign(new Error('the answer was cut off'), { code: 'ECONNRESET' }));
      });
    });
    const timer = setTimeout(() => req.destroy(new ClientTimeout(options.timeoutMs)), options.timeoutMs);
    req.on('error', fail);
    req.end(options.body);
  });
}

/** The JSON of an event stream's last `data:` line (an analysis's final view), or undefined. */
export function lastEventData(text: string): Record<string, unknown> | undefined {
  const last = text
    .trim()
    .split('\n')
    .filter((line) => line.startsWith('data: '))
    .at(-1)
    ?.slice(6);
  try {
    return last ? (JSON.parse(last) as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
