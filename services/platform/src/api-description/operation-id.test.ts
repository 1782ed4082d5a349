import { operationIdOf } from './operation-id';

describe('operationIdOf', () => {
  it('names an operation by its method and its path after /api, in camelCase', () => {
    expect(operationIdOf('post', '/api/auth/login')).toBe('postAuthLogin');
    expect(operationIdOf('GET', '/api/users/credit-history')).toBe('getUsersCreditHistory');
    expect(operationIdOf('delete', '/api/admin/cache')).toBe('deleteAdminCache');
  });

  it('reads a path parameter as "by" its name, keeping the name’s own capitals', () => {
    expect(operationIdOf('get', '/api/analysis/{id}/events')).toBe('getAnalysisByIdEvents');
    expect(operationIdOf('put', '/api/admin/subscription-plans/{planId}/{cycle}')).toBe('putAdminSubscriptionPlansByPlanIdByCycle');
  });

  it('tells apart routes that differ only in method, in a parameter, or in /api itself', () => {
    const ids = [
      operationIdOf('get', '/api/admin/packages'),
      operationIdOf('post', '/api/admin/packages'),
      operationIdOf('get', '/api/stocks/{symbol}'),
      operationIdOf('get', '/api/stocks/symbol'),
      operationIdOf('get', '/api/stocks'),
      operationIdOf('get', '/apis/stocks'),
    ];
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.every((id) => /^[a-z]+[A-Z][A-Za-z0-9]*$/.test(id))).toBe(true);
  });
});
