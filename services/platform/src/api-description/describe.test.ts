import { z } from 'zod';
import { describeService, operation } from './describe';

type Described = { operationId?: string; security?: unknown[]; responses: Record<string, { $ref?: string; description?: string }> };

/** One service's part with the given operations, as the gateway reads it (JSON). */
function describePart(paths: Record<string, Record<string, ReturnType<typeof operation>>>) {
  const document = JSON.parse(JSON.stringify(describeService({ tag: 'test', description: 'Test', paths }))) as {
    paths: Record<string, Record<string, Described>>;
    components: { responses?: Record<string, { description: string; headers?: Record<string, unknown> }> };
  };
  return { document, op: (path: string, method: string) => document.paths[path]?.[method] as Described };
}

describe('the API description of a service', () => {
  const body = z.object({ amount: z.number() });

  it('names every operation by its method and path, and tags it with the service', () => {
    const { op } = describePart({
      '/api/users/topup': { post: operation({ summary: 'Top up', access: 'user', body }) },
      '/api/stocks/{symbol}': { get: operation({ summary: 'A stock', access: 'public', params: z.object({ symbol: z.string() }) }) },
    });
    expect(op('/api/users/topup', 'post')).toMatchObject({ operationId: 'postUsersTopup', tags: ['test'] });
    expect(op('/api/stocks/{symbol}', 'get')).toMatchObject({ operationId: 'getStocksBySymbol', tags: ['test'] });
  });

  it('states security on every operation: the bearer token for users and admins, none for anyone or a webhook sender', () => {
    const { op } = describePart({
      '/a': {
        get: operation({ summary: 'Public', access: 'public' }),
        post: operation({ summary: 'Webhook', access: 'webhook', body }),
        put: operation({ summary: 'User', access: 'user', body }),
        delete: operation({ summary: 'Admin', access: 'admin' }),
      },
    });
    expect(op('/a', 'get').security).toEqual([]);
    expect(op('/a', 'post').security).toEqual([]);
    expect(op('/a', 'put').security).toEqual([{ bearerAuth: [] }]);
    expect(op('/a', 'delete').security).toEqual([{ bearerAuth: [] }]);
  });

  it('describes a 204 without a body, and a second success status with the same body as the first', () => {
    const item = z.object({ symbol: z.string() });
    const { op } = describePart({
      '/api/watchlist': {
        post: operation({ summary: 'Add', access: 'user', body, status: 201, alsoSucceedsWith: { 200: 'Already there' }, response: item }),
      },
      '/api/watchlist/{symbol}': { delete: operation({ summary: 'Remove', access: 'user', params: item, status: 204 }) },
    });
    const added = op('/api/watchlist', 'post').responses as Record<string, { description: string; content?: unknown }>;
    expect(added['200']).toEqual({ description: 'Already there', content: added['201']?.content });
    expect(added['201']?.content).toBeDefined();
    const removed = op('/api/watchlist/{symbol}', 'delete').responses as Record<string, { description: string; content?: unknown }>;
    expect(removed['204']).toEqual({ description: 'Done (no body)' });
  });

  it("gives every operation the gateway's own answers, 413 only where a body is taken, each one shared component", () => {
    const { document, op } = describePart({
      '/a': { get: operation({ summary: 'Read', access: 'public' }), post: operation({ summary: 'Write', access: 'user', body }) },
    });
    const refs = (method: string) =>
      Object.fromEntries(
        Object.entries(op('/a', method).responses)
          .filter(([, answer]) => answer.$ref)
          .map(([status, answer]) => [status, answer.$ref]),
      );
    expect(refs('get')).toEqual({
      429: '#/components/responses/TooManyRequests',
      503: '#/components/responses/ServiceUnavailable',
      504: '#/components/responses/GatewayTimeout',
    });
    expect(refs('post')).toEqual({ ...refs('get'), 413: '#/components/responses/PayloadTooLarge' });
    expect(Object.keys(document.components.responses ?? {}).sort()).toEqual([
      'GatewayTimeout',
      'PayloadTooLarge',
      'ServiceUnavailable',
      'TooManyRequests',
    ]);
    expect(document.components.responses?.TooManyRequests?.headers).toHaveProperty('Retry-After');
  });

  it("keeps a route's own description of a status the gateway may also answer", () => {
    const { op } = describePart({ '/login': { post: operation({ summary: 'Log in', access: 'public', body, errors: [401, 429, 503] }) } });
    const { responses } = op('/login', 'post');
    expect(responses['429']).not.toHaveProperty('$ref');
    expect(responses['429']?.description).toMatch(/Too many requests/);
    expect(responses['503']).not.toHaveProperty('$ref');
    expect(responses['504']).toEqual({ $ref: '#/components/responses/GatewayTimeout' });
    expect(Object.keys(responses)).toEqual(['200', '400', '401', '413', '429', '503', '504']);
  });
});
