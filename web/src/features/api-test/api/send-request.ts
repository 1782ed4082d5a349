import type { ApiTestResponse, HttpMethod } from '../types/api-description';

export interface ApiTestRequest {
  method: HttpMethod;
  /** Path and query, e.g. `/api/users/payments?page=1`. */
  url: string;
  token: string;
  /** JSON text of the body; sent for every method but GET. */
  body: string;
}

/** The request has a body that is not JSON: nothing was sent. */
export class InvalidJsonBody extends Error {}

/** The request got no HTTP answer (offline, refused, blocked). */
export class NetworkFailure extends Error {}

function prettyBody(text: string): string {
  if (!text) return '';
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/**
 * A raw fetch on purpose: the page shows the status, headers and body exactly as the server
 * sent them, including errors, which the app's own client turns into exceptions.
 */
export async function sendApiTestRequest(request: ApiTestRequest): Promise<ApiTestResponse> {
  const sendsBody = request.method !== 'get' && request.body.trim() !== '';
  let body: string | undefined;
  if (sendsBody) {
    try {
      body = JSON.stringify(JSON.parse(request.body));
    } catch {
      throw new InvalidJsonBody('Invalid JSON in request body');
    }
  }
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (request.token.trim()) headers.Authorization = `Bearer ${request.token.trim()}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  const started = performance.now();
  let response: Response;
  try {
    response = await fetch(request.url, { method: request.method.toUpperCase(), headers, body, cache: 'no-store' });
  } catch {
    throw new NetworkFailure('Network Error');
  }
  const text = await response.text();
  return {
    status: response.status,
    statusText: response.statusText,
    headers: [...response.headers.entries()],
    body: prettyBody(text),
    durationMs: Math.round(performance.now() - started),
  };
}
