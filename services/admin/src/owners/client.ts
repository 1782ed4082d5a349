import type { Request } from 'express';
import { AppError, type ServiceAddress, callReplicas, replicasOf, serviceUnavailable } from '@stockai/platform';

/** Where a service listens: its URL, its replicas' URLs (taken in turn), or a function when it is known only once that service is up (all-in-one). */
export type ServiceUrl = ServiceAddress;

export interface OwnerCallOptions {
  body?: unknown;
  /** Forwarded as the query string; only text values are kept. */
  query?: Record<string, unknown>;
  headers?: Record<string, string>;
}

export interface OwnerClient {
  readonly name: string;
  /** Calls the owner on behalf of the admin of `req`, whose bearer token it forwards. */
  call<T = Record<string, unknown>>(req: Request, method: string, path: string, options?: OwnerCallOptions): Promise<T>;
}

const DEFAULT_TIMEOUT_MS = 10_000;

/**
 * The admin service's client of a service that owns data (auth, billing, analysis). It forwards
 * the admin's bearer token (docs/decisions/0007), so the owner checks the role itself. An owner's
 * 4xx answer is the admin's answer, code and message unchanged (a 409 for a built-in level stays
 * a 409); an owner that cannot be reached or fails is a 503 naming it.
 */
export function ownerClient(name: string, url: ServiceUrl, timeoutMs = DEFAULT_TIMEOUT_MS): OwnerClient {
  const replicas = replicasOf(url);
  const unavailable = () => serviceUnavailable(`The ${name} service is not available; try again shortly`, 'OWNER_UNAVAILABLE');
  return {
    name,
    async call<T>(req: Request, method: string, path: string, options: OwnerCallOptions = {}): Promise<T> {
      const targetOn = (baseUrl: () => string) => {
        const target = new URL(path, baseUrl());
        for (const [key, value] of Object.entries(options.query ?? {})) if (typeof value === 'string') target.searchParams.set(key, value);
        return target;
      };
      const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
      const authorization = req.get('authorization');
      if (authorization) headers.authorization = authorization;
      const requestId = req.get('x-request-id');
      if (requestId) headers['x-request-id'] = requestId;
      if (options.body !== undefined) headers['content-type'] = 'application/json';
      // Refused by one replica: sent to another; lost on the way: again only when safe (callReplicas).
      const res = await callReplicas(replicas, { method, idempotencyKey: headers['idempotency-key'] !== undefined }, (baseUrl) =>
        fetch(targetOn(baseUrl), {
          method,
          headers,
          body: options.body === undefined ? undefined : JSON.stringify(options.body),
          signal: AbortSignal.timeout(timeoutMs),
        }),
      ).catch(() => {
        throw unavailable();
      });
      // The body can fail too (the timeout firing while it arrives, a connection cut): the owner is unavailable, not a 500.
      const text = await res.text().catch(() => {
        throw unavailable();
      });
      let body: unknown;
      try {
        body = text ? JSON.parse(text) : {};
      } catch {
        throw unavailable();
      }
      if (res.ok) return body as T;
      const failure = body as { error?: unknown; code?: unknown };
      if (res.status < 500 && typeof failure.error === 'string') {
        throw new AppError(res.status, typeof failure.code === 'string' ? failure.code : `HTTP_${res.status}`, failure.error);
      }
      throw unavailable();
    },
  };
}

/** The owners the admin API delegates to. */
export interface Owners {
  auth: OwnerClient;
  billing: OwnerClient;
  analysis: OwnerClient;
}
