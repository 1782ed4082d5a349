import http from 'node:http';
import https from 'node:https';

/** A whole answer: status, headers as sent (name, value, name, value …) and the body read to its end. */
export interface WholeAnswer {
  status: number;
  statusText: string;
  rawHeaders: string[];
  body: Buffer<ArrayBuffer>;
}

export interface OutgoingRequest {
  method: string;
  headers: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
}

/** Sends requests on kept-alive connections, `http` or `https` as the URL says, and reads each answer whole. */
export type KeptAliveHttp = (url: URL, request: OutgoingRequest) => Promise<WholeAnswer>;

/**
 * Outgoing calls on kept-alive connections (`http.request`, Node's own HTTP client), each answer
 * read whole. The analysis service makes two or three per analysis (billing's debit, the AI
 * provider's chat completions); `fetch` (undici's web streams, Request and Response objects) cost
 * the all-in-one's main thread about twice as much per debit (ADR 59) and 15–25 % more per chat
 * request made through the OpenAI SDK (ADR 61).
 *
 * `idleMs`: how long a connection may sit unused in the pool. It must be below the server's own
 * keep-alive, or a connection the server is closing can be reused: billing's is 65 s; an AI
 * provider's is not known, so its client takes undici's default, 4 s.
 */
export function keptAliveHttp(idleMs: number): KeptAliveHttp {
  const plain = { request: http.request, agent: new http.Agent({ keepAlive: true, timeout: idleMs }) };
  const secure = { request: https.request, agent: new https.Agent({ keepAlive: true, timeout: idleMs }) };
  return (url, { method, headers, body, signal }) =>
    new Promise((resolve, reject) => {
      const transport = url.protocol === 'https:' ? secure : plain;
      const sized = body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) };
      const req = transport.request(url, { method, agent: transport.agent, headers: sized, signal }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            statusText: res.statusMessage ?? '',
            rawHeaders: res.rawHeaders,
            body: Buffer.concat(chunks),
          }),
        );
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(body);
    });
}

/** Statuses whose answer has no body: a `Response` refuses one. */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

/**
 * `fetch` for a client library that takes one (the OpenAI SDK), on `send`: the request's body
 * must be a string (JSON) and the answer is read whole before the `Response` is made, so it
 * suits request–answer APIs, not streamed ones. Aborting the signal ends the request and rejects
 * with its reason, as `fetch` does. Unlike `fetch` it follows no redirect (a 3xx comes back as
 * it is: the SDK reports it as an API error) and asks for no compression: the base URL must be
 * the API's own (LLM_BASE_URL, README).
 */
export function fetchOver(send: KeptAliveHttp): typeof fetch {
  return async (input, init = {}) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (init.body !== undefined && init.body !== null && typeof init.body !== 'string')
      throw new TypeError('this fetch sends string bodies only');
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, name) => {
      headers[name] = value;
    });
    const answer = await send(url, {
      method: init.method ?? 'GET',
      headers,
      body: init.body ?? undefined,
      signal: init.signal ?? undefined,
    }).catch((err: unknown) => {
      throw init.signal?.aborted ? init.signal.reason : err;
    });
    const responseHeaders = new Headers();
    for (let i = 0; i + 1 < answer.rawHeaders.length; i += 2)
      responseHeaders.append(answer.rawHeaders[i] as string, answer.rawHeaders[i + 1] as string);
    return new Response(NULL_BODY.has(answer.status) ? null : answer.body, {
      status: answer.status,
      statusText: answer.statusText,
      headers: responseHeaders,
    });
  };
}
