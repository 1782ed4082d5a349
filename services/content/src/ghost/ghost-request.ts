/**
 * The one HTTP call both Ghost clients make (passed to @tryghost/content-api and
 * @tryghost/admin-api as their `makeRequest` option, replacing their default axios call,
 * which has no timeout and, in the Admin client, no size limit). Every call:
 * - gives up after `timeoutMs`, really: the connection is aborted, not just raced;
 * - is aborted when `signal` fires (the index refresh stopping at shutdown);
 * - refuses an answer larger than `maxBytes`, reading no further than that;
 * - refuses an answer that is not JSON.
 * A Ghost error answer is thrown as the clients expect (`err.response.data.errors`), so they
 * turn it into an Error carrying Ghost's own message.
 */
export interface GhostRequestOptions {
  timeoutMs: number;
  /** Largest answer accepted; a page of 50 posts with their HTML stays far below the default. */
  maxBytes?: number;
  signal?: AbortSignal;
}

/** What the clients pass to `makeRequest` (their axios-shaped call). */
export interface GhostClientRequest {
  url: string;
  method: string;
  params?: Record<string, unknown>;
  headers?: Record<string, string>;
  data?: unknown;
}

export interface GhostAnswer {
  status: number;
  data: unknown;
}

const MAX_GHOST_ANSWER_BYTES = 20 * 1024 * 1024;

/** Ghost's clients send list values comma-joined (`include=tags,authors`); so does this. */
function queryString(params: Record<string, unknown> = {}): string {
  return Object.entries(params)
    .filter(([, value]) => value !== undefined && value !== null)
    .map(([key, value]) => `${key}=${encodeURIComponent([value].flat().join(','))}`)
    .join('&');
}

async function readAtMost(res: Response, maxBytes: number): Promise<string> {
  const tooLarge = () => new Error(`Ghost's answer is larger than ${maxBytes} bytes`);
  if (Number(res.headers.get('content-length') ?? 0) > maxBytes) {
    await res.body?.cancel();
    throw tooLarge();
  }
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function explain(err: unknown, timeoutMs: number, url: string): Error {
  const name = (err as { name?: string }).name;
  if (name === 'TimeoutError') return new Error(`Ghost did not answer within ${timeoutMs} ms`);
  if (name === 'AbortError') return new Error('Ghost request canceled');
  // fetch says only "fetch failed"; the system error behind it (ECONNREFUSED, ENOTFOUND, ...) says why.
  const code = (err as { cause?: { code?: unknown } }).cause?.code;
  if (typeof code === 'string') return new Error(`Ghost could not be reached at ${new URL(url).origin} (${code})`);
  return err instanceof Error ? err : new Error(String(err));
}

export function ghostRequest(options: GhostRequestOptions): (request: GhostClientRequest) => Promise<GhostAnswer> {
  const maxBytes = options.maxBytes ?? MAX_GHOST_ANSWER_BYTES;
  return async ({ url, method, params, headers, data }) => {
    const timeout = AbortSignal.timeout(options.timeoutMs);
    const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
    const query = queryString(params);
    let status: number;
    let text: string;
    try {
      const res = await fetch(query ? `${url}?${query}` : url, {
        method: method.toUpperCase(),
        headers: data === undefined ? headers : { ...headers, 'content-type': 'application/json' },
        body: data === undefined ? undefined : JSON.stringify(data),
        signal,
      });
      status = res.status;
      text = await readAtMost(res, maxBytes);
    } catch (err) {
      throw explain(signal.aborted ? signal.reason : err, options.timeoutMs, url);
    }
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      throw Object.assign(new Error(`Ghost answered ${status} with something that is not JSON`), { status });
    }
    if (status < 200 || status > 299)
      throw Object.assign(new Error(`Ghost answered ${status}`), { status, response: { status, data: body } });
    return { status, data: body };
  };
}
