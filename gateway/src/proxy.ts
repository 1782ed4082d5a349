import http from 'node:http';
import type { RequestHandler } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import type { Logger } from '@stockai/platform';
import type { ServiceName } from './route-table';

export type Upstreams = Record<ServiceName, string>;

interface ProxyOptions {
  upstreams: Upstreams;
  timeoutMs: number;
  logger: Logger;
}

/**
 * Forwards the request unchanged (path, Authorization header, body stream) to the service
 * chosen by the route table, over kept-alive connections. An upstream that refuses or
 * drops the connection gives a JSON 503; one that does not answer in time a JSON 504.
 */
export function proxyToServices(options: ProxyOptions): RequestHandler {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  return createProxyMiddleware({
    router: (req) => options.upstreams[(req as unknown as { upstream: ServiceName }).upstream],
    target: options.upstreams.auth,
    changeOrigin: false,
    xfwd: true,
    agent,
    on: {
      error(err, req, res) {
        const code = (err as NodeJS.ErrnoException).code;
        options.logger.warn(
          { err: { message: err.message, code }, path: req.url, requestId: req.headers['x-request-id'] },
          'upstream error',
        );
        if (!(res instanceof http.ServerResponse) || res.headersSent) {
          res.destroy();
          return;
        }
        const [status, body] =
          code === 'ETIMEDOUT'
            ? [504, { error: 'The service took too long to answer, please try again', code: 'UPSTREAM_TIMEOUT' }]
            : [503, { error: 'The service is temporarily unavailable, please try again shortly', code: 'UPSTREAM_UNAVAILABLE' }];
        res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
      },
      proxyReq(proxyReq) {
        proxyReq.setTimeout(options.timeoutMs, () => {
          proxyReq.destroy(Object.assign(new Error('upstream timeout'), { code: 'ETIMEDOUT' }));
        });
      },
    },
  });
}
