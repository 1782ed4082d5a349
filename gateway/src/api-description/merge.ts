import { isDeepStrictEqual } from 'node:util';
import type { OpenApiDocument } from '@stockai/platform';

export interface ServicePart {
  service: string;
  document: OpenApiDocument | undefined;
}

/**
 * The public API description: every service's part (paths, tags, schemas) in one OpenAPI 3.1
 * document. Parts share schemas by id (the contracts' shapes, the error shape); two services
 * giving one id different shapes, or one path twice, is a mistake the merge names.
 */
export function mergeApiDescriptions(parts: ServicePart[]): OpenApiDocument {
  const paths: NonNullable<OpenApiDocument['paths']> = {};
  const schemas: Record<string, unknown> = {};
  const tags: NonNullable<OpenApiDocument['tags']> = [];
  const unavailable: string[] = [];
  for (const { service, document } of parts) {
    if (!document) {
      unavailable.push(service);
      continue;
    }
    tags.push(...(document.tags ?? []));
    for (const [path, item] of Object.entries(document.paths ?? {})) {
      if (paths[path]) throw new Error(`${path} is described by two services (${service} and another)`);
      paths[path] = item;
    }
    for (const [id, schema] of Object.entries(document.components?.schemas ?? {})) {
      if (id in schemas && !isDeepStrictEqual(schemas[id], schema)) throw new Error(`schema ${id} differs between services (${service})`);
      schemas[id] = schema;
    }
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
      schemas: schemas as NonNullable<OpenApiDocument['components']>['schemas'],
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'The token from auth/login or auth/register' },
      },
    },
    ...(unavailable.length ? { 'x-unavailable-services': unavailable } : {}),
  };
}
