import type { Permission } from '@waymark/contracts/permissions';
import { hasAnyPermission } from '@waymark/contracts/permissions';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../../context';
import { forbidden, unauthorized } from '../../http-error';
import type { AuthContext } from './auth-context';
import { authenticate } from './authenticate';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyContextConfig {
    /** 'user' (default): a signed-in user; 'optional': authenticate when credentials come; 'public': never */
    auth?: 'public' | 'optional' | 'user';
    /** any one suffices; none = any signed-in user */
    permissions?: Permission[];
  }
}

/**
 * One onRequest hook for every /api route: authenticates, then enforces the route's declared permission
 * flags. Routes are private unless they say otherwise, so a route cannot forget its check.
 */
export const authPlugin = fp(async (app: FastifyInstance, opts: { ctx: AppContext }) => {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (req) => {
    if (!req.url.startsWith('/api') || req.is404) return;
    const config = req.routeOptions.config;
    const mode = config.auth ?? 'user';
    if (mode === 'public') return;
    req.auth = await authenticate(opts.ctx, req);
    if (!req.auth) {
      // Credentials that were sent but rejected (expired token…) are a 401 even where signing in is optional,
      // so clients know to refresh.
      if (mode === 'user' || req.headers.authorization) throw unauthorized();
      return;
    }
    if (!hasAnyPermission(req.auth.permissions, config.permissions)) throw forbidden();
  });
});

/** The caller of a route declared with auth 'user' (the hook guarantees it). */
export function caller(req: FastifyRequest): AuthContext {
  if (!req.auth) throw unauthorized();
  return req.auth;
}
