import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../../context';
import { HttpError } from '../../http-error';

export const PASSWORDS_REFUSED = 'This server signs in through OpenID Connect only: passwords are not accepted';

/** OIDC_FORCE applies once OpenID Connect is configured (without a provider nobody could sign in at all). */
export function oidcForced(ctx: AppContext): boolean {
  return Boolean(ctx.env.OIDC_ISSUER) && ctx.env.OIDC_FORCE;
}

/**
 * The one check of every password path (the sign-in form, HTTP Basic, self-registration, password reset and
 * invitation links): refused, for every account, while OIDC_FORCE is on. The check comes before any password is
 * compared, so the answer says nothing about the account or the password.
 */
export function refusePasswordWhenOidcForced(ctx: AppContext): void {
  if (oidcForced(ctx)) throw new HttpError(403, PASSWORDS_REFUSED);
}

/** Routes that set or send a password, by method and route path. */
const PASSWORD_ROUTES = new Set(['POST /api/password/reset', 'POST /api/password/update']);

const usesBasic = (req: FastifyRequest) => /^basic /i.test(req.headers.authorization ?? '');

/**
 * Enforces OIDC_FORCE for requests that carry a password: HTTP Basic credentials (before they are checked),
 * the password reset and invitation routes, and self-registration (POST /api/users without a signed-in user).
 * Registered before the authentication hook.
 */
export const oidcForcePlugin = fp(async (app: FastifyInstance, { ctx }: { ctx: AppContext }) => {
  app.addHook('onRequest', async (req) => {
    if (!oidcForced(ctx) || !req.url.startsWith('/api')) return;
    if (usesBasic(req) || PASSWORD_ROUTES.has(`${req.method} ${req.routeOptions.url}`))
      refusePasswordWhenOidcForced(ctx);
  });
  app.addHook('preHandler', async (req) => {
    if (oidcForced(ctx) && !req.auth && req.method === 'POST' && req.routeOptions.url === '/api/users')
      refusePasswordWhenOidcForced(ctx);
  });
});
