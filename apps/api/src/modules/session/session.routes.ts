import {
  apiTokenSchema,
  refreshSchema,
  signInResponseSchema,
  signInSchema,
  tokensSchema,
} from '@waymark/contracts/session';
import { userSchema } from '@waymark/contracts/user';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { notFound, unauthorized } from '../../http-error';
import { caller } from '../../plugins/app/auth';
import { cappedPermissions } from '../../plugins/app/auth-context';
import { SESSION_COOKIE } from '../../plugins/app/authenticate';
import { impersonatorOf } from '../users/impersonation.service';
import { presentUser } from '../users/users.presenter';
import { clearSessionCookie, setSessionCookie } from './cookies';
import {
  createApiToken,
  listApiTokens,
  refreshSession,
  revokeAllApiTokens,
  revokeApiToken,
  revokeApiTokenById,
  signInWithApiToken,
  signOut,
} from './session.service';
import { signIn } from './sign-in.service';

/** /api/session: Traccar's session calls plus token refresh. */
export const sessionRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/session',
    { config: { auth: 'public' }, schema: { body: signInSchema, response: { 200: signInResponseSchema } } },
    async (req, reply) => {
      const persistent = req.body.remember ?? true;
      const { refreshToken, ...body } = await signIn(ctx, req.body, {
        ip: req.ip,
        userAgent: req.headers['user-agent'],
        persistent,
      });
      setSessionCookie(ctx, reply, refreshToken, persistent);
      return body;
    },
  );

  // Current user; `?token=` signs in with an API token as Traccar does.
  app.get(
    '/session',
    {
      config: { auth: 'optional' },
      schema: {
        querystring: z.object({ token: z.string().max(2048).optional() }),
        response: { 200: signInResponseSchema.or(userSchema) },
      },
    },
    async (req, reply) => {
      if (req.query.token) {
        const { user, tokens, persistent } = await signInWithApiToken(ctx, req.query.token, {
          ip: req.ip,
          userAgent: req.headers['user-agent'],
        });
        const { refreshToken, ...body } = tokens;
        setSessionCookie(ctx, reply, refreshToken, persistent);
        return { ...presentUser(user, await cappedPermissions(ctx.db, user)), ...body };
      }
      if (!req.auth) throw notFound();
      // an administrator's "connect as user" session names the administrator, for the web app's banner
      return {
        ...presentUser(req.auth.user, req.auth.permissions),
        impersonatedBy: await impersonatorOf(ctx, req.auth),
      };
    },
  );

  app.post(
    '/session/refresh',
    { config: { auth: 'public' }, schema: { body: refreshSchema.nullish(), response: { 200: tokensSchema } } },
    async (req, reply) => {
      const token = req.body?.refreshToken ?? req.cookies[SESSION_COOKIE];
      const tokens = token ? await refreshSession(ctx, token) : null;
      if (!tokens) {
        clearSessionCookie(reply);
        throw unauthorized('Session expired, sign in again');
      }
      const { persistent, refreshToken, ...body } = tokens;
      setSessionCookie(ctx, reply, refreshToken, persistent);
      return body;
    },
  );

  app.delete('/session', { config: { auth: 'optional' } }, async (req, reply) => {
    await signOut(ctx, req.auth, req.ip);
    clearSessionCookie(reply);
    return reply.status(204).send();
  });

  // Traccar: a long-lived token for API clients, form field `expiration` (ISO time).
  app.post(
    '/session/token',
    { schema: { body: z.object({ expiration: z.iso.datetime({ offset: true }).optional() }).nullish() } },
    async (req, reply) => {
      const expiresAt = req.body?.expiration ? new Date(req.body.expiration) : undefined;
      const token = await createApiToken(ctx, caller(req), expiresAt);
      return reply.type('text/plain').send(token);
    },
  );

  app.get('/session/tokens', { schema: { response: { 200: z.array(apiTokenSchema) } } }, async (req) =>
    listApiTokens(ctx, caller(req)),
  );

  app.delete('/session/tokens', async (req, reply) => {
    await revokeAllApiTokens(ctx, caller(req));
    return reply.status(204).send();
  });

  app.delete('/session/tokens/:id', { schema: { params: z.object({ id: z.uuid() }) } }, async (req, reply) => {
    await revokeApiTokenById(ctx, caller(req), req.params.id);
    return reply.status(204).send();
  });

  app.post(
    '/session/token/revoke',
    { schema: { body: z.object({ token: z.string().min(1).max(2048) }) } },
    async (req, reply) => {
      await revokeApiToken(ctx, caller(req), req.body.token);
      return reply.status(204).send();
    },
  );
};
