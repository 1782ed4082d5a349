import { type Logger, Replicas } from '@stockai/platform';
import type { ServiceName } from './route-table';

/** Where each service listens: one URL, or one per replica (`<SERVICE>_URL=URL,URL,…`). */
export type Upstreams = Record<ServiceName, string | readonly string[]>;

/** A replica's address, parsed once at start rather than on every request. */
export interface UpstreamTarget {
  host: string;
  port: number;
  url: string;
}

export const urlsOf = (upstream: string | readonly string[]): readonly string[] => (typeof upstream === 'string' ? [upstream] : upstream);

/**
 * Each service's replicas, taken in turn; one that keeps refusing connections is skipped for a
 * while (`Replicas`, ADR 0073), and the log says so once when it is skipped and once when it
 * answers again.
 */
export function upstreamReplicas(upstreams: Upstreams, logger: Logger): Record<ServiceName, Replicas<UpstreamTarget>> {
  return Object.fromEntries(
    Object.entries(upstreams).map(([service, upstream]) => [
      service,
      new Replicas(
        urlsOf(upstream).map((url) => upstreamTarget(service, url)),
        {
          onEject: (replica) =>
            logger.warn(
              { upstreamService: service, upstream: replica.target.url, failures: replica.failures },
              'upstream replica refuses connections; skipped for a while',
            ),
          onRecover: (replica) => logger.info({ upstreamService: service, upstream: replica.target.url }, 'upstream replica answers again'),
        },
      ),
    ]),
  ) as Record<ServiceName, Replicas<UpstreamTarget>>;
}

/**
 * Where a service listens: plain HTTP to a host and port, as every shape runs them (the
 * services are reached inside the cluster; TLS ends in front of the gateway).
 */
function upstreamTarget(service: string, url: string): UpstreamTarget {
  const parsed = new URL(url);
  if (parsed.protocol !== 'http:' || (parsed.pathname !== '/' && parsed.pathname !== '')) {
    throw new Error(`${service.toUpperCase()}_URL must be http://host:port, without a path (got ${url})`);
  }
  return { host: parsed.hostname.replace(/^\[(.*)\]$/, '$1'), port: Number(parsed.port) || 80, url };
}
