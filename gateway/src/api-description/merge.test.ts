import type { OpenApiDocument } from '@stockai/platform';
import { mergeApiDescriptions } from './merge';

const part = (
  tag: string,
  paths: Record<string, unknown>,
  schemas: Record<string, unknown> = {},
  responses: Record<string, unknown> = {},
) =>
  ({
    openapi: '3.1.0',
    info: { title: tag, version: '1' },
    tags: [{ name: tag }],
    paths,
    components: { schemas, responses },
  }) as unknown as OpenApiDocument;

describe('mergeApiDescriptions', () => {
  const error = { type: 'object', properties: { error: { type: 'string' } } };

  it('joins the services’ paths, tags and shared schemas under one document with the bearer scheme', () => {
    const sut = mergeApiDescriptions([
      { service: 'auth', document: part('auth', { '/api/auth/login': { post: {} } }, { Error: error }) },
      { service: 'billing', document: part('billing', { '/api/users/credits': { get: {} } }, { Error: error }) },
    ]);
    expect(Object.keys(sut.paths ?? {})).toEqual(['/api/auth/login', '/api/users/credits']);
    expect(sut.tags?.map((t) => t.name)).toEqual(['auth', 'billing']);
    expect(Object.keys(sut.components?.schemas ?? {})).toEqual(['Error']);
    expect(sut.components?.securitySchemes?.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(sut).not.toHaveProperty('x-unavailable-services');
  });

  it('shares the responses the parts give by id, as it does schemas', () => {
    const tooMany = {
      description: 'Too many requests',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    };
    const sut = mergeApiDescriptions([
      { service: 'auth', document: part('auth', {}, { Error: error }, { TooManyRequests: tooMany }) },
      { service: 'billing', document: part('billing', {}, { Error: error }, { TooManyRequests: tooMany }) },
    ]);
    expect(sut.components?.responses).toEqual({ TooManyRequests: tooMany });
    expect(() =>
      mergeApiDescriptions([
        { service: 'auth', document: part('auth', {}, {}, { TooManyRequests: tooMany }) },
        { service: 'billing', document: part('billing', {}, {}, { TooManyRequests: { ...tooMany, description: 'Slow down' } }) },
      ]),
    ).toThrow('response TooManyRequests differs between services (billing)');
  });

  it('names the services whose part could not be read, and keeps the others', () => {
    const sut = mergeApiDescriptions([
      { service: 'auth', document: part('auth', { '/api/auth/login': { post: {} } }) },
      { service: 'content', document: undefined },
    ]);
    expect(Object.keys(sut.paths ?? {})).toEqual(['/api/auth/login']);
    expect(sut).toHaveProperty('x-unavailable-services', ['content']);
  });

  it('refuses one path described twice, and one schema id with two shapes', () => {
    expect(() =>
      mergeApiDescriptions([
        { service: 'auth', document: part('auth', { '/api/x': {} }) },
        { service: 'billing', document: part('billing', { '/api/x': {} }) },
      ]),
    ).toThrow('/api/x is described by two services');
    expect(() =>
      mergeApiDescriptions([
        { service: 'auth', document: part('auth', {}, { Error: error }) },
        { service: 'billing', document: part('billing', {}, { Error: { type: 'string' } }) },
      ]),
    ).toThrow('schema Error differs between services (billing)');
  });

  it('refuses one operationId given to two operations, within a part or across parts', () => {
    const named = (operationId: string) => ({ operationId, responses: {} });
    expect(() =>
      mergeApiDescriptions([{ service: 'auth', document: part('auth', { '/api/a': { get: named('getA'), post: named('getA') } }) }]),
    ).toThrow('operationId getA names two operations (/api/a and /api/a)');
    expect(() =>
      mergeApiDescriptions([
        { service: 'auth', document: part('auth', { '/api/a-b': { get: named('getAB') } }) },
        { service: 'billing', document: part('billing', { '/api/a/b': { get: named('getAB') } }) },
      ]),
    ).toThrow('operationId getAB names two operations (/api/a/b and /api/a-b)');
    const sut = mergeApiDescriptions([
      { service: 'auth', document: part('auth', { '/api/a': { get: named('getA'), post: named('postA') } }) },
    ]);
    expect(Object.keys(sut.paths?.['/api/a'] ?? {})).toEqual(['get', 'post']);
  });
});
