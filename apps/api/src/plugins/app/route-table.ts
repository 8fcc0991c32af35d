import type { FastifyInstance } from 'fastify';

/** Every /api route with its declared access, for the access-control tests and docs. */
export interface RouteEntry {
  method: string;
  url: string;
  auth: 'public' | 'optional' | 'user';
  permissions: readonly string[];
}

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: RouteEntry[];
  }
}

/** Records each /api route registered after this call with its `config.auth` (default `user`) and flags. */
export function recordRouteTable(app: FastifyInstance): void {
  const routes: RouteEntry[] = [];
  app.decorate('routeTable', routes);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD' || !route.url.startsWith('/api')) continue;
      routes.push({
        method,
        url: route.url,
        auth: route.config?.auth ?? 'user',
        permissions: route.config?.permissions ?? [],
      });
    }
  });
}
