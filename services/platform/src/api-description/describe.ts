import { apiError } from '@stockai/contracts';
import { z } from 'zod';
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject, type ZodOpenApiResponseObject } from 'zod-openapi';
import { operationIdOf } from './operation-id';

/** Who may call an operation: anyone, a signed-in user, an admin, or a signed webhook sender. */
export type Access = 'public' | 'user' | 'admin' | 'webhook';

export interface OperationSpec {
  summary: string;
  description?: string;
  access: Access;
  params?: z.ZodObject;
  query?: z.ZodObject;
  /** Request headers the route reads (e.g. `Idempotency-Key`). */
  headers?: z.ZodObject;
  /** The JSON body the route validates. */
  body?: z.ZodType;
  /** The JSON answer on success. */
  response?: z.ZodType;
  /** Success status (200 unless given); 204 answers no body. */
  status?: 200 | 201 | 202 | 204 | 302 | 304;
  /** Other success statuses answering the same body, with what each means (POST watchlist: 200 when already there). */
  alsoSucceedsWith?: Partial<Record<200 | 201, string>>;
  responseDescription?: string;
  /** A success answer that is not JSON (an event stream, an image). */
  produces?: string;
  /** Error statuses beyond those that follow from the access and the inputs. */
  errors?: number[];
}

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid input: the message names the field and the rule',
  401: 'No valid bearer token (missing, expired, revoked)',
  402: 'Insufficient credits',
  403: 'Not allowed for this caller',
  404: 'Not found',
  409: 'Conflicts with the current state',
  413: 'Request body too large',
  422: 'Understood but cannot be done',
  429: 'Too many requests: wait and retry (see Retry-After)',
  502: 'An upstream provider failed',
  503: 'A required provider or service is unavailable or not configured',
  504: 'A service did not answer in time',
};

const errorContent = { 'application/json': { schema: apiError } };

/**
 * What the gateway itself may answer on any route, before the service sees the request or in
 * place of its answer: its rate limit per client (429), a service that is down (503) or did not
 * answer in time (504), and on a route that takes a body, one over its size limit (413). Each is
 * one component (`id`), referenced from every operation that does not describe the status itself
 * (a service's own 429 or 503 is described with the route's errors).
 */
const GATEWAY_ANSWERS = {
  413: {
    id: 'PayloadTooLarge',
    description: "Request body larger than the gateway's limit (MAX_BODY_BYTES, 1 MB unless configured)",
    content: errorContent,
  },
  429: {
    id: 'TooManyRequests',
    description: 'Too many requests from this client: wait the Retry-After seconds, then retry',
    headers: z.object({ 'Retry-After': z.int().min(0).meta({ description: 'Seconds to wait before retrying' }) }),
    content: errorContent,
  },
  503: {
    id: 'ServiceUnavailable',
    description: 'The service behind this route is unavailable: retry shortly',
    content: errorContent,
  },
  504: {
    id: 'GatewayTimeout',
    description: 'The service behind this route did not answer in time: retry shortly',
    content: errorContent,
  },
} satisfies Record<number, ZodOpenApiResponseObject>;

/** An OpenAPI operation from what a route validates and answers, with the shared error shape. */
export function operation(spec: OperationSpec): ZodOpenApiOperationObject {
  const errors = new Set(spec.errors);
  if (spec.params || spec.query || spec.body || spec.headers) errors.add(400);
  if (spec.access === 'user' || spec.access === 'admin' || spec.access === 'webhook') errors.add(401);
  if (spec.access === 'admin') errors.add(403);
  const status = spec.status ?? 200;
  const responses: Record<string, ZodOpenApiResponseObject> = {
    [status]: {
      description: spec.responseDescription ?? (status === 302 ? 'Redirect' : status === 204 ? 'Done (no body)' : 'Success'),
      ...(spec.produces
        ? { content: { [spec.produces]: {} } }
        : spec.response
          ? { content: { 'application/json': { schema: spec.response } } }
          : {}),
    },
  };
  for (const [code, description] of Object.entries(spec.alsoSucceedsWith ?? {})) {
    responses[code] = { description, ...(spec.response ? { content: { 'application/json': { schema: spec.response } } } : {}) };
  }
  for (const code of [...errors].sort()) {
    responses[String(code)] = { description: ERROR_DESCRIPTIONS[code] ?? 'Error', content: errorContent };
  }
  for (const [code, answer] of Object.entries(GATEWAY_ANSWERS)) {
    if (code !== '413' || spec.body) responses[code] ??= answer;
  }
  return {
    summary: spec.summary,
    ...(spec.description ? { description: spec.description } : {}),
    // Stated on every operation, empty where no bearer token is asked for (anyone, or a webhook
    // sender proving itself by its signature header), so a reader never has to guess.
    security: spec.access === 'user' || spec.access === 'admin' ? [{ bearerAuth: [] }] : [],
    ...(spec.access === 'admin' ? { 'x-admin-only': true } : {}),
    ...(spec.params || spec.query || spec.headers
      ? {
          requestParams: {
            ...(spec.params ? { path: spec.params } : {}),
            ...(spec.query ? { query: spec.query } : {}),
            ...(spec.headers ? { header: spec.headers } : {}),
          },
        }
      : {}),
    ...(spec.body ? { requestBody: { required: true, content: { 'application/json': { schema: spec.body } } } } : {}),
    responses,
  };
}

export interface ServiceApi {
  /** The service's tag in the merged document. */
  tag: string;
  description: string;
  /** Public paths as the gateway forwards them (`/api/...`, parameters as `{name}`). */
  paths: ZodOpenApiPathsObject;
}

export type OpenApiDocument = ReturnType<typeof createDocument>;

/**
 * One service's part of the API description (OpenAPI 3.1), generated from the zod schemas its
 * routes validate with; the gateway merges the parts into GET /api/openapi.json. Each operation
 * is tagged with the service and named by its method and path (operation-id.ts).
 */
export function describeService(api: ServiceApi): OpenApiDocument {
  const paths: ZodOpenApiPathsObject = {};
  for (const [path, item] of Object.entries(api.paths)) {
    paths[path] = Object.fromEntries(
      Object.entries(item).map(([method, op]) => [
        method,
        { ...(op as ZodOpenApiOperationObject), operationId: operationIdOf(method, path), tags: [api.tag] },
      ]),
    );
  }
  return createDocument({
    openapi: '3.1.0',
    info: { title: `StockAI ${api.tag} API`, version: '1.0.0' },
    tags: [{ name: api.tag, description: api.description }],
    paths,
    components: {
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'The token from auth/login or auth/register' },
      },
    },
  });
}
