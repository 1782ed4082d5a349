import type { IncomingMessage } from 'node:http';
import proxyAddr from 'proxy-addr';

/** Which hops in front of the gateway may name the client (proxy-addr's and express' `trust proxy`). */
export type TrustProxy = (address: string, hop: number) => boolean;

/**
 * `TRUSTED_PROXIES`: the proxies whose `X-Forwarded-For` is believed, as a hop count (`1`: the
 * load balancer right in front) or a comma-separated list of addresses, CIDRs and proxy-addr's
 * names (`loopback`, `linklocal`, `uniquelocal`). Default `loopback`. Trusting every private
 * address let anyone on the same network (another pod, a neighbour on a VPC) pick the address
 * the rate limits count them by; only the operator knows where the load balancer is.
 */
export function parseTrustedProxies(spec: string): TrustProxy {
  const text = spec.trim();
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return (_address, hop) => hop < hops;
  }
  const entries = text
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  // compile throws a TypeError naming the entry it cannot read.
  return entries.length ? proxyAddr.compile(entries) : () => false;
}

/**
 * The client's address: the socket's peer, or the address a trusted proxy forwarded. None once
 * the client's connection is gone (its socket no longer has a peer).
 */
export const clientAddress = (req: Parameters<typeof proxyAddr>[0], trust: TrustProxy): string | undefined =>
  req.socket.remoteAddress === undefined ? undefined : proxyAddr(req, trust);

/**
 * Sets X-Forwarded-For to the client the gateway determined, or removes it when there is none,
 * before a request goes on to a service (by the proxy or in process): a service never sees an
 * address the gateway did not vouch for.
 */
export function forwardClientAddress(req: IncomingMessage, clientAddressOf: (req: IncomingMessage) => string | undefined): void {
  const client = clientAddressOf(req);
  if (client) req.headers['x-forwarded-for'] = client;
  else delete req.headers['x-forwarded-for'];
}
