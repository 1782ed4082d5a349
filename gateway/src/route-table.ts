/**
 * Which service answers which public path (ARCHITECTURE.md, "Who owns what"). Every prefix
 * of the spec's API sections is listed, also where the owning service answers 404 until its
 * feature lands. The longest matching prefix wins, so `users/credits` goes to billing while
 * `users/profile` goes to auth.
 */
export type ServiceName = 'auth' | 'billing' | 'analysis' | 'content' | 'admin';

export const ROUTE_TABLE: ReadonlyArray<readonly [prefix: string, service: ServiceName]> = [
  ['/api/auth', 'auth'],
  ['/api/users/profile', 'auth'],

  ['/api/users/credits', 'billing'],
  ['/api/users/credit-history', 'billing'],
  ['/api/users/topup', 'billing'],
  ['/api/users/payments', 'billing'],
  ['/api/payments', 'billing'],
  ['/api/subscriptions', 'billing'],
  ['/api/webhooks/stripe', 'billing'],

  ['/api/stocks', 'analysis'],
  ['/api/analysis', 'analysis'],
  ['/api/users/analysis-history', 'analysis'],
  ['/api/users/stats', 'analysis'],
  ['/api/analyze-stocks', 'analysis'],
  ['/api/analyze-polling', 'analysis'],
  ['/api/watchlist', 'analysis'],
  ['/api/notifications', 'analysis'],

  ['/api/ghost', 'content'],

  ['/api/admin', 'admin'],
];

const ordered = [...ROUTE_TABLE].sort((a, b) => b[0].length - a[0].length);

/** The service owning `path`, matching whole path segments only (`/api/stocksx` matches nothing). */
export function serviceFor(path: string): ServiceName | undefined {
  for (const [prefix, service] of ordered) {
    if (path === prefix || path.startsWith(prefix + '/')) return service;
  }
  return undefined;
}

/** The route-table prefix `path` falls under (`/api/users/credits`): the gateway's metrics label. */
export function routePrefixFor(path: string): string | undefined {
  return ordered.find(([prefix]) => path === prefix || path.startsWith(prefix + '/'))?.[0];
}
