import { isDeepStrictEqual } from 'node:util';
import type { OpenApiDocument } from '@stockai/platform';

type Components = NonNullable<OpenApiDocument['components']>;

export interface ServicePart {
  service: string;
  document: OpenApiDocument | undefined;
}

/**
 * The public API description: every service's part (paths, tags, components) in one OpenAPI 3.1
 * document. Parts share schemas and responses by id (the contracts' shapes, the error shape,
 * the gateway's own answers); two services giving one id different shapes, one path twice or
 * one operationId to two operations is a mistake the merge names.
 */
export function mergeApiDescriptions(parts: ServicePart[]): OpenApiDocument {
  const paths: NonNullable<OpenApiDocument['paths']> = {};
  const schemas: Record<string, unknown> = {};
  const responses: Record<string, unknown> = {};
  const tags: NonNullable<OpenApiDocument['tags']> = [];
  /** Each operationId and the path it names: a generated client's method names must be unique. */
  const operationIds = new Map<string, string>();
  const unavailable: string[] = [];
  for (const { service, document } of parts) {
    if (!document) {
      unavailable.push(service);
      continue;
    }
    tags.push(...(document.tags ?? []));
    for (const [path, item] of Object.entries(document.paths ?? {})) {
      if (paths[path]) throw new Error(`${path} is described by two services (${service} and another)`);
      for (const operation of Object.values(item ?? {}) as Array<{ operationId?: string }>) {
        const id = operation.operationId;
        if (id && operationIds.has(id)) throw new Error(`operationId ${id} names two operations (${path} and ${operationIds.get(id)})`);
        if (id) operationIds.set(id, path);
      }
      paths[path] = item;
    }
    shareComponents(schemas, document.components?.schemas, 'schema', service);
    shareComponents(responses, document.components?.responses, 'response', service);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'StockAI API',
      version: '1.0.0',
      description:
        'The public API of StockAI, as the gateway forwards it. Errors answer `{ error, code }` (the Error schema). ' +
        'Send the token of auth/login or auth/register as `Authorization: Bearer <token>`.',
    },
    servers: [{ url: '/', description: 'This gateway' }],
    tags,
    paths,
    components: {
      schemas: schemas as Components['schemas'],
      responses: responses as Components['responses'],
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'The token from auth/login or auth/register' },
      },
    },
    ...(unavailable.length ? { 'x-unavailable-services': unavailable } : {}),
  };
}

/** Adds a part's components to the shared ones; one id must mean one shape in every part. */
function shareComponents(shared: Record<string, unknown>, part: Record<string, unknown> | undefined, kind: string, service: string) {
  for (const [id, component] of Object.entries(part ?? {})) {
    if (id in shared && !isDeepStrictEqual(shared[id], component)) throw new Error(`${kind} ${id} differs between services (${service})`);
    shared[id] = component;
  }
}
