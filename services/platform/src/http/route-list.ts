import type { Express } from 'express';

/** One route an app answers: its method (upper case) and its path pattern (`/api/stocks/:symbol`). */
export interface RouteInfo {
  method: string;
  path: string;
}

interface Layer {
  route?: { path: string | string[] | RegExp; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
}

/**
 * The routes an Express app mounted, read from its routers: what the property-based tests of
 * the public API call, so a route added later is tested without anyone listing it. Paths given
 * as regular expressions are left out (none of our public routes is one).
 */
export function routeList(app: Express): RouteInfo[] {
  const routes: RouteInfo[] = [];
  const walk = (stack: Layer[]) => {
    for (const layer of stack) {
      if (layer.route) {
        const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
        for (const path of paths) {
          if (typeof path !== 'string') continue;
          for (const method of Object.keys(layer.route.methods)) routes.push({ method: method.toUpperCase(), path });
        }
      } else if (layer.handle?.stack) walk(layer.handle.stack);
    }
  };
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack);
  return routes;
}
