import { apiError } from '@stockai/contracts';
import type { z } from 'zod';
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject, type ZodOpenApiResponseObject } from 'zod-openapi';

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
  /** Success status (200 unless given). */
  status?: 200 | 201 | 202 | 302 | 304;
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

/** An OpenAPI operation from what a route validates and answers, with the shared error shape. */
export function operation(spec: OperationSpec): ZodOpenApiOperationObject {
  const errors = new Set(spec.errors);
  if (spec.params || spec.query || spec.body || spec.headers) errors.add(400);
  if (spec.access === 'user' || spec.access === 'admin' || spec.access === 'webhook') errors.add(401);
  if (spec.access === 'admin') errors.add(403);
  const status = spec.status ?? 200;
  const responses: Record<string, ZodOpenApiResponseObject> = {
    [status]: {
      description: spec.responseDescription ?? (status === 302 ? 'Redirect' : 'Success'),
      ...(spec.produces
        ? { content: { [spec.produces]: {} } }
        : spec.response
          ? { content: { 'application/json': { schema: spec.response } } }
          : {}),
    },
  };
  for (const code of [...errors].sort()) {
    responses[String(code)] = {
      description: ERROR_DESCRIPTIONS[code] ?? 'Error',
      content: { 'application/json': { schema: apiError } },
    };
  }
  return {
    summary: spec.summary,
    ...(spec.description ? { description: spec.description } : {}),
    ...(spec.access === 'user' || spec.access === 'admin' ? { security: [{ bearerAuth: [] }] } : {}),
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
 * routes validate with; the gateway merges the parts into GET /api/openapi.json.
 */
export function describeService(api: ServiceApi): OpenApiDocument {
  const paths: ZodOpenApiPathsObject = {};
  for (const [path, item] of Object.entries(api.paths)) {
    paths[path] = Object.fromEntries(
      Object.entries(item).map(([method, op]) => [method, { ...(op as ZodOpenApiOperationObject), tags: [api.tag] }]),
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
