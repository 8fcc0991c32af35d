import { dataSchema, idParamsSchema, pageQuerySchema } from '@waymark/contracts/common';
import { userSchema } from '@waymark/contracts/user';
import {
  auditPageSchema,
  impersonationSchema,
  userDetailsSchema,
  userInviteSchema,
} from '@waymark/contracts/user-admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { unauthorized } from '../../http-error';
import { caller } from '../../plugins/app/auth';
import { cappedPermissions } from '../../plugins/app/auth-context';
import { clearSessionCookie, setSessionCookie } from '../session/cookies';
import { data } from '../shared/v2';
import { endImpersonation, impersonate, impersonatorOf } from './impersonation.service';
import { checkNotSelf, revokeUserSession, userAuditPage, userDetails } from './user-details.service';
import { presentUser } from './users.presenter';
import { createUser, updateUser } from './users.service';

const MANAGE = ['ADMIN_ACCOUNT', 'VIEW_USERS'] as const;
const DETAILS = ['ADMIN_ACCOUNT', 'VIEW_USER_DETAILS'] as const;

/** /api/v2/user/…: the admin area's account actions (details, invite, disable, sessions, connect as user). */
export const userAdminV2Routes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/user/:id/details',
    {
      config: { permissions: [...DETAILS] },
      schema: { params: idParamsSchema, response: { 200: dataSchema(userDetailsSchema) } },
    },
    async (req) => data(await userDetails(ctx, caller(req), req.params.id)),
  );

  app.get(
    '/user/:id/audit',
    {
      config: { permissions: [...DETAILS] },
      schema: {
        params: idParamsSchema,
        querystring: pageQuerySchema.pick({ page: true, size: true }),
        response: { 200: dataSchema(auditPageSchema) },
      },
    },
    async (req) => data(await userAuditPage(caller(req), req.params.id, req.query)),
  );

  app.post(
    '/user/invite',
    {
      config: { permissions: [...MANAGE] },
      schema: { body: userInviteSchema, response: { 200: dataSchema(userSchema) } },
    },
    async (req) => data(presentUser(await createUser(ctx, caller(req), req.body))),
  );

  for (const action of ['disable', 'enable'] as const) {
    app.post(
      `/user/:id/${action}`,
      {
        config: { permissions: [...MANAGE] },
        schema: { params: idParamsSchema, response: { 200: dataSchema(userSchema) } },
      },
      async (req) => {
        const auth = caller(req);
        checkNotSelf(auth, req.params.id);
        // disabling ends the user's sessions, API tokens and sockets (updateUser)
        return data(presentUser(await updateUser(ctx, auth, req.params.id, { disabled: action === 'disable' })));
      },
    );
  }

  app.delete(
    '/user/:id/sessions/:sessionId',
    {
      config: { permissions: [...MANAGE] },
      schema: { params: idParamsSchema.extend({ sessionId: z.string().max(64) }) },
    },
    async (req, reply) => {
      await revokeUserSession(ctx, caller(req), req.params.id, req.params.sessionId);
      return reply.status(204).send();
    },
  );

  app.post(
    '/user/:id/impersonate',
    {
      config: { permissions: ['ADMIN_ACCOUNT'] },
      schema: { params: idParamsSchema, response: { 200: dataSchema(impersonationSchema) } },
    },
    async (req, reply) => {
      const auth = caller(req);
      const meta = { ip: req.ip, userAgent: req.headers['user-agent'] };
      const { user, tokens } = await impersonate(ctx, auth, req.params.id, meta);
      const { refreshToken, ...body } = tokens;
      setSessionCookie(ctx, reply, refreshToken, false);
      return data({
        user: {
          ...presentUser(user, await cappedPermissions(ctx.db, user)),
          impersonatedBy: { id: auth.user.id, name: auth.user.name },
        },
        ...body,
      });
    },
  );

  // Any signed-in session may ask; only an impersonated one succeeds.
  app.post(
    '/user/impersonation/end',
    { schema: { response: { 200: dataSchema(impersonationSchema) } } },
    async (req, reply) => {
      const back = await endImpersonation(ctx, caller(req), { ip: req.ip, userAgent: req.headers['user-agent'] });
      if (!back) {
        clearSessionCookie(reply);
        throw unauthorized('Session expired, sign in again');
      }
      const { refreshToken, ...body } = back.tokens;
      setSessionCookie(ctx, reply, refreshToken, false);
      return data({ user: presentUser(back.user, await cappedPermissions(ctx.db, back.user)), ...body });
    },
  );

  // The signed-in user, marked when an administrator opened the session.
  app.get('/auth/me', { schema: { response: { 200: dataSchema(userSchema) } } }, async (req) => {
    const auth = caller(req);
    return data({ ...presentUser(auth.user, auth.permissions), impersonatedBy: await impersonatorOf(ctx, auth) });
  });
};
