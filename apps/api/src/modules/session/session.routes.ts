import { randomUUID } from 'node:crypto';
import { messages } from '@waymark/contracts/errors';
import { refreshSchema, signInResponseSchema, signInSchema, tokensSchema } from '@waymark/contracts/session';
import { userSchema } from '@waymark/contracts/user';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { HttpError, notFound, unauthorized } from '../../http-error';
import { caller } from '../../plugins/app/auth';
import { apiToken } from '../../plugins/app/authenticate';
import { signToken, verifyToken } from '../../security/tokens';
import { audit } from '../audit/audit';
import { presentUser } from '../users/users.presenter';
import { clearSessionCookie, SESSION_COOKIE, setSessionCookie } from './cookies';
import { createSession, refreshSession, revokeSession } from './sessions';
import { signIn } from './sign-in';

/** /api/session: Traccar's session calls plus token refresh. */
export const sessionRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/session',
    { config: { auth: 'public' }, schema: { body: signInSchema, response: { 200: signInResponseSchema } } },
    async (req, reply) => {
      const persistent = req.body.remember ?? true;
      const result = await signIn(ctx, req.body, { ip: req.ip, userAgent: req.headers['user-agent'], persistent });
      setSessionCookie(ctx, reply, result.refreshToken, persistent);
      return result;
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
        const verified = await verifyToken(ctx.jwtKey, req.query.token, 'api');
        const auth = verified ? await apiToken(ctx, verified.id, verified.userId) : null;
        if (!auth) throw unauthorized('Invalid or expired token');
        const tokens = await createSession(ctx, auth.user.id, {
          ip: req.ip,
          userAgent: req.headers['user-agent'],
          method: 'token',
        });
        setSessionCookie(ctx, reply, tokens.refreshToken);
        return { ...presentUser(auth.user), ...tokens };
      }
      if (!req.auth) throw notFound();
      return presentUser(req.auth.user);
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
      const { persistent, ...body } = tokens;
      setSessionCookie(ctx, reply, body.refreshToken, persistent);
      return body;
    },
  );

  app.delete('/session', { config: { auth: 'optional' } }, async (req, reply) => {
    if (req.auth?.sessionId) {
      await revokeSession(ctx, req.auth.sessionId);
      await audit(ctx, {
        action: 'session.revoked',
        userId: req.auth.user.id,
        tenantId: req.auth.user.tenantId,
        ip: req.ip,
      });
    }
    clearSessionCookie(reply);
    return reply.status(204).send();
  });

  // Traccar: a long-lived token for API clients, form field `expiration` (ISO time).
  app.post(
    '/session/token',
    { schema: { body: z.object({ expiration: z.iso.datetime({ offset: true }).optional() }).nullish() } },
    async (req, reply) => {
      const auth = caller(req);
      const expiresAt = req.body?.expiration ? new Date(req.body.expiration) : undefined;
      if (expiresAt && expiresAt <= new Date()) throw new HttpError(400, 'Expiration must be in the future');
      const row = await ctx.db.apiToken.create({ data: { id: randomUUID(), userId: auth.user.id, expiresAt } });
      const token = await signToken(ctx.jwtKey, 'api', String(auth.user.id), row.id, expiresAt);
      await audit(ctx, {
        action: 'token.created',
        userId: auth.user.id,
        tenantId: auth.user.tenantId,
        objectId: row.id,
      });
      return reply.type('text/plain').send(token);
    },
  );

  app.post(
    '/session/token/revoke',
    { schema: { body: z.object({ token: z.string().min(1).max(2048) }) } },
    async (req, reply) => {
      const auth = caller(req);
      const verified = await verifyToken(ctx.jwtKey, req.body.token, 'api');
      if (!verified || verified.userId !== auth.user.id) throw new HttpError(400, messages.invalidToken);
      await ctx.db.apiToken.updateMany({
        where: { id: verified.id, revokedAt: null },
        data: { revokedAt: new Date() },
      });
      return reply.status(204).send();
    },
  );
};
