import { operationIdOf } from '@stockai/platform';
import { servedApiDescription } from './served-document';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

interface Operation {
  operationId?: string;
  security?: Record<string, string[]>[];
  requestBody?: unknown;
  responses?: Record<string, unknown>;
}

/**
 * What generated clients and integrators' linters need of the served description, checked on
 * every operation the services describe: a stable, unique operationId (a client's method
 * name), a stated security, and the 4xx answers every route can give.
 */
describe('the served API description', () => {
  const document = servedApiDescription();
  const operations = Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    METHODS.flatMap((method) => {
      const operation = (item as Record<string, Operation | undefined>)[method];
      return operation ? [{ route: `${method.toUpperCase()} ${path}`, method, path, operation }] : [];
    }),
  );

  it('describes the routes of all five services', () => {
    expect(document).not.toHaveProperty('x-unavailable-services');
    expect(operations.length).toBeGreaterThan(80);
  });

  it('names every operation once, by its method and path, in camelCase', () => {
    const missing = operations.filter(({ operation }) => !operation.operationId).map(({ route }) => route);
    expect(missing).toEqual([]);
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    const underived = operations.filter(({ method, path, operation }) => operation.operationId !== operationIdOf(method, path));
    expect(underived.map(({ route, operation }) => `${route}: ${operation.operationId}`)).toEqual([]);
    expect(ids.filter((id) => !/^[a-z]+[A-Z][A-Za-z0-9]*$/.test(id ?? ''))).toEqual([]);
  });

  it('states on every operation whether the bearer token is needed', () => {
    const unstated = operations.filter(({ operation }) => !Array.isArray(operation.security)).map(({ route }) => route);
    expect(unstated).toEqual([]);
    // Both kinds occur: the statement follows each route's access.
    const bearer = operations.filter(({ operation }) => operation.security?.some((requirement) => 'bearerAuth' in requirement));
    expect(bearer.length).toBeGreaterThan(0);
    expect(bearer.length).toBeLessThan(operations.length);
  });

  it("lets every operation answer the gateway's 429, 503 and 504, and 413 where it takes a body", () => {
    const lacking = operations.flatMap(({ route, operation }) => {
      const statuses = Object.keys(operation.responses ?? {});
      const expected = ['429', '503', '504', ...(operation.requestBody ? ['413'] : [])];
      return expected.filter((status) => !statuses.includes(status)).map((status) => `${route} ${status}`);
    });
    expect(lacking).toEqual([]);
  });
});
