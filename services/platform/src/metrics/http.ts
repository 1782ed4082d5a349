import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request, RequestHandler } from 'express';
import { httpServerDuration } from './instruments';

/**
 * Records each answered request in `http_server_request_duration_seconds` with its method, status code
 * and route: a route pattern (`/api/analysis/:id`), never the raw path, so the series stay
 * few. `routeOf` names it once the response is finished; unmatched requests count as `unmatched`.
 */
export function httpMetrics(routeOf: (req: IncomingMessage) => string | undefined): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    (res as ServerResponse).once('finish', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      httpServerDuration().record(seconds, {
        'http.request.method': req.method,
        'http.route': routeOf(req) ?? 'unmatched',
        'http.response.status_code': res.statusCode,
      });
    });
    next();
  };
}

/** The Express route pattern that answered, with the mount path of its router. */
export function expressRoute(req: IncomingMessage): string | undefined {
  const { route, baseUrl } = req as Request;
  return route ? `${baseUrl ?? ''}${String(route.path)}` : undefined;
}
