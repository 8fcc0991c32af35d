import { idParamsSchema } from '@waymark/contracts/common';
import {
  apiTokenSchema,
  refreshSchema,
  signInResponseSchema,
  signInSchema,
  tokensSchema,
} from '@waymark/contracts/session';
import { userSchema } from '@waymark/contracts/user';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { notFound, unauthorized } from '../../http-error';
import { caller } from '../../plugins/app/auth';
import { cappedPermissions } from '../../plugins/app/auth-context';
import { SESSION_COOKIE } from '../../plugins/app/authenticate';
import { impersonate, impersonatorOf } from '../users/impersonation.service';
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

  // Traccar: a long-lived token for API clients, form field `expiration` (ISO time). Clients post it with whatever
  // content type they like, often none or an empty body: those get a token without an end (tokenBodyParsers).
  await app.register(async (plain) => {
    tokenBodyParsers(plain);
    const scoped = plain.withTypeProvider<ZodTypeProvider>();
    scoped.post('/session/token', { schema: { body: optionalForm(tokenExpirationSchema) } }, async (req, reply) => {
      const expiresAt = req.body?.expiration ? new Date(req.body.expiration) : undefined;
      const token = await createApiToken(ctx, caller(req), expiresAt);
      return reply.type('text/plain').send(token);
    });
  });

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

  // Traccar's "connect as user": the caller's browser now holds a session of that user (the cookie), marked with
  // the administrator's id and audited by the admin area's service, whose rules it follows.
  app.get(
    '/session/:id',
    { config: { permissions: ['ADMIN_ACCOUNT'] }, schema: { params: idParamsSchema, response: { 200: userSchema } } },
    async (req, reply) => {
      const auth = caller(req);
      const meta = { ip: req.ip, userAgent: req.headers['user-agent'] };
      const { user, tokens } = await impersonate(ctx, auth, req.params.id, meta);
      setSessionCookie(ctx, reply, tokens.refreshToken, false);
      return {
        ...presentUser(user, await cappedPermissions(ctx.db, user)),
        impersonatedBy: { id: auth.user.id, name: auth.user.name },
      };
    },
  );
};

const tokenExpirationSchema = z.object({ expiration: z.iso.datetime({ offset: true }).optional() });

/** A form body, or nothing: a body that is not an object (text, an empty string) counts as none. */
function optionalForm<T extends z.ZodType>(schema: T) {
  return z.preprocess((v) => (v && typeof v === 'object' ? v : undefined), schema.optional());
}

/**
 * Empty JSON bodies read as none (Fastify refuses them otherwise), and bodies of any other content type are taken
 * as text and ignored, as Traccar's token call does with whatever it is not given as a form.
 */
function tokenBodyParsers(scoped: FastifyInstance) {
  scoped.removeContentTypeParser('application/json');
  scoped.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = String(body).trim();
    if (!text) return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(Object.assign(new Error('Body is not valid JSON'), { statusCode: 400 }), undefined);
    }
  });
  scoped.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, String(body)));
}
