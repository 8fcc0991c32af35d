import { idParamsSchema, idSchema } from '@waymark/contracts/common';
import { userInputSchema, userSchema, userUpdateSchema } from '@waymark/contracts/user';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { caller } from '../../plugins/app/auth';
import { registerFromBody } from './registration.service';
import { presentUser } from './users.presenter';
import {
  createUser,
  deleteUser,
  listUsers,
  readUser,
  sendPasswordLink,
  traccarUserUpdate,
  updateUser,
} from './users.service';

/** Traccar's /api/users. POST without a session is self-registration. */
export const usersRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/users',
    {
      config: { permissions: ['ADMIN_ACCOUNT', 'VIEW_USERS'] },
      schema: {
        querystring: z.object({
          userId: idSchema.optional(),
          tenantId: idSchema.optional(),
        }),
        response: { 200: z.array(userSchema) },
      },
    },
    async (req) => (await listUsers(caller(req), req.query)).map((u) => presentUser(u)),
  );

  app.get('/users/:id', { schema: { params: idParamsSchema, response: { 200: userSchema } } }, async (req) =>
    presentUser(await readUser(caller(req), req.params.id)),
  );

  app.post(
    '/users',
    { config: { auth: 'optional' }, schema: { body: userInputSchema, response: { 200: userSchema } } },
    async (req) =>
      presentUser(req.auth ? await createUser(ctx, req.auth, req.body) : await registerFromBody(ctx, req.body, req.ip)),
  );

  app.put(
    '/users/:id',
    { schema: { params: idParamsSchema, body: userUpdateSchema, response: { 200: userSchema } } },
    async (req) => {
      const auth = caller(req);
      return presentUser(await updateUser(ctx, auth, req.params.id, traccarUserUpdate(auth, req.params.id, req.body)));
    },
  );

  // A manager does not set another user's password: the user gets a link to choose one.
  app.post(
    '/users/:id/password-link',
    { config: { permissions: ['ADMIN_ACCOUNT', 'VIEW_USERS'] }, schema: { params: idParamsSchema } },
    async (req, reply) => {
      await sendPasswordLink(ctx, caller(req), req.params.id);
      return reply.status(204).send();
    },
  );

  app.delete('/users/:id', { schema: { params: idParamsSchema } }, async (req, reply) => {
    await deleteUser(ctx, caller(req), req.params.id);
    return reply.status(204).send();
  });
};
