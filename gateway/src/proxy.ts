import http from 'node:http';
import type { RequestHandler, Response } from 'express';
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
    // Mounted under /api, express strips the prefix from req.url; services expect the full path.
    pathRewrite: (_path, req) => (req as unknown as { originalUrl: string }).originalUrl,
    changeOrigin: false,
    xfwd: true,
    agent,
    on: {
      error(err, req, res) {
        const code = (err as NodeJS.ErrnoException).code;
        options.logger.warn({ err: { message: err.message, code }, path: req.url }, 'upstream error');
        const response = res as Response;
        if (!('status' in response) || response.headersSent) {
          (res as unknown as { destroy?: () => void }).destroy?.();
          return;
        }
        if (code === 'ETIMEDOUT') {
          response.status(504).json({ error: 'The service took too long to answer, please try again', code: 'UPSTREAM_TIMEOUT' });
        } else {
          response.status(503).json({ error: 'The service is temporarily unavailable, please try again shortly', code: 'UPSTREAM_UNAVAILABLE' });
        }
      },
      proxyReq(proxyReq) {
        proxyReq.setTimeout(options.timeoutMs, () => {
          proxyReq.destroy(Object.assign(new Error('upstream timeout'), { code: 'ETIMEDOUT' }));
        });
      },
    },
  });
}
