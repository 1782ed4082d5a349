import { ROUTE_TABLE, serviceFor } from './route-table';

describe('route table', () => {
  it.each([
    ['/api/auth/register', 'auth'],
    ['/api/auth/verify-reset-token/abc', 'auth'],
    ['/api/users/profile', 'auth'],
    ['/api/users/credits', 'billing'],
    ['/api/users/credit-history', 'billing'],
    ['/api/users/topup', 'billing'],
    ['/api/users/payments', 'billing'],
    ['/api/payments/create-payment-intent', 'billing'],
    ['/api/subscriptions/current', 'billing'],
    ['/api/webhooks/stripe', 'billing'],
    ['/api/stocks', 'analysis'],
    ['/api/stocks/status/0700.HK', 'analysis'],
    ['/api/analysis/analyze/AAPL', 'analysis'],
    ['/api/users/analysis-history', 'analysis'],
    ['/api/users/stats', 'analysis'],
    ['/api/analyze-stocks', 'analysis'],
    ['/api/analyze-polling', 'analysis'],
    ['/api/watchlist/0700.HK/alerts', 'analysis'],
    ['/api/notifications/read-all', 'analysis'],
    ['/api/ghost/blog/search', 'content'],
    ['/api/admin/members/42', 'admin'],
  ])('%s goes to %s', (path, service) => {
    expect(serviceFor(path)).toBe(service);
  });

  it('matches whole path segments only', () => {
    expect(serviceFor('/api/stocksx')).toBeUndefined();
    expect(serviceFor('/api/users')).toBeUndefined();
    expect(serviceFor('/api/users/other')).toBeUndefined();
    expect(serviceFor('/api')).toBeUndefined();
  });

  it('lists each prefix once', () => {
    const prefixes = ROUTE_TABLE.map(([p]) => p);
    expect(new Set(prefixes).size).toBe(prefixes.length);
  });
});
