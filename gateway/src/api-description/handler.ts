import path from 'node:path';
import type { ServerResponse } from 'node:http';
import express, { type RequestHandler } from 'express';
import { API_DESCRIPTION_PATH, type Logger, type OpenApiDocument } from '@stockai/platform';
import { type Upstreams, urlsOf } from '../upstreams';
import { mergeApiDescriptions } from './merge';

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PATH = '/api/docs';

/** How long a service's part is reused: parts change only when a service is redeployed. */
const PART_TTL_MS = 60_000;
const FETCH_TIMEOUT_MS = 2_000;

const SWAGGER_UI_DIR = path.dirname(require.resolve('swagger-ui-dist/package.json'));
const OWN_DOCS_DIR = path.join(__dirname, '..', '..', 'docs');
const SWAGGER_UI_FILES = new Set(['/swagger-ui.css', '/swagger-ui-bundle.js', '/swagger-ui-standalone-preset.js', '/favicon-32x32.png']);

/**
 * GET /api/openapi.json: the services' parts (each serves its own at /internal/openapi.json)
 * merged; a service that does not answer is left out and named in `x-unavailable-services`.
 * GET /api/docs: Swagger UI, from our own files, rendering that document.
 * Anything else goes on to the route table.
 */
export function apiDescription(options: { upstreams: Upstreams; logger: Logger }): RequestHandler {
  const parts = new Map<string, { document: OpenApiDocument; until: number }>();

  /** The service's part from the first of its replicas that answers (they all serve the same). */
  async function partOf(service: string, upstream: string | readonly string[]): Promise<OpenApiDocument | undefined> {
    const cached = parts.get(service);
    if (cached && cached.until > Date.now()) return cached.document;
    let failure: unknown;
    for (const url of urlsOf(upstream)) {
      try {
        const res = await fetch(`${url}${API_DESCRIPTION_PATH}`, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
        if (!res.ok) throw new Error(`status ${res.status}`);
        const document = (await res.json()) as OpenApiDocument;
        parts.set(service, { document, until: Date.now() + PART_TTL_MS });
        return document;
      } catch (err) {
        failure = err;
      }
    }
    options.logger.warn({ err: failure, service }, 'API description of a service unavailable');
    return undefined;
  }

  const ownFiles = express.static(OWN_DOCS_DIR, { index: 'index.html', maxAge: '1h', fallthrough: true });
  const swaggerFiles = express.static(SWAGGER_UI_DIR, { index: false, maxAge: '1d', fallthrough: true });

  return (req, res, next) => {
    const [pathname = ''] = (req.url ?? '').split('?');
    if (pathname === OPENAPI_PATH && (req.method === 'GET' || req.method === 'HEAD')) {
      void (async () => {
        const described = await Promise.all(
          Object.entries(options.upstreams).map(async ([service, url]) => ({ service, document: await partOf(service, url) })),
        );
        send(res, 200, JSON.stringify(mergeApiDescriptions(described)), 'application/json; charset=utf-8');
      })().catch(next);
      return;
    }
    if (pathname === DOCS_PATH) {
      res.writeHead(301, { location: `${DOCS_PATH}/` }).end();
      return;
    }
    if (!pathname.startsWith(`${DOCS_PATH}/`) || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
    const file = pathname.slice(DOCS_PATH.length);
    req.url = file;
    const notFound = () => {
      req.url = pathname;
      next();
    };
    if (SWAGGER_UI_FILES.has(file)) swaggerFiles(req, res, notFound);
    else ownFiles(req, res, notFound);
  };
}

function send(res: ServerResponse, status: number, body: string, type: string) {
  res.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(body), 'cache-control': 'no-cache' });
  res.end(body);
}
