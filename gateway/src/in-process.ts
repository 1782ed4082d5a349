import type { IncomingMessage, RequestListener } from 'node:http';
import type { RequestHandler } from 'express';
import type { ServiceName } from './route-table';
import { forwardClientAddress } from './trusted-proxies';

export type InProcessServices = Record<ServiceName, RequestListener>;

/**
 * The all-in-one's last step instead of the proxy (ADR 58): the gateway hands the request and
 * its response to the chosen service's HTTP app in this same process. The service reads the
 * body from the client's own stream and writes its answer (or its event stream) straight to
 * the client; there is no loopback connection, no second HTTP parse and no copy of the answer.
 *
 * What the service sees is what the proxy sent it: the same method, path, headers and body,
 * with X-Forwarded-For set to the client the gateway determined (TRUSTED_PROXIES). With no
 * network between them there is nothing to time out or retry: a slow service answers late
 * rather than with the proxy's 504, and a 503 "unavailable" cannot happen.
 */
export function dispatchInProcess(
  services: InProcessServices,
  clientAddressOf: (req: IncomingMessage) => string | undefined,
): RequestHandler {
  return (req, res) => {
    forwardClientAddress(req, clientAddressOf);
    // toService, earlier in the chain, chose it from the route table.
    const service = services[(req as IncomingMessage & { upstream?: ServiceName }).upstream as ServiceName];
    void service(req, res);
  };
}
