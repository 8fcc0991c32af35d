import { dataSchema, idParamsSchema, pageSchema } from '@waymark/contracts/common';
import { userInputSchema, userSchema, userUpdateSchema } from '@waymark/contracts/user';
import { userPageQuerySchema } from '@waymark/contracts/user-admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { caller } from '../../plugins/app/auth';
import { data, mapPage } from '../shared/v2';
import { presentUser } from './users.presenter';
import { createUser, deleteUser, pageUsers, readUser, updateUser } from './users.service';

const MANAGE = ['ADMIN_ACCOUNT', 'VIEW_USERS'] as const;

/** /api/v2/user (paged, for the admin area); the account actions are in user-admin.v2.routes.ts. */
export const usersV2Routes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/user',
    {
      config: { permissions: [...MANAGE] },
      schema: {
        querystring: userPageQuerySchema,
        response: { 200: dataSchema(pageSchema(userSchema)) },
      },
    },
    async (req) => data(mapPage(await pageUsers(caller(req), req.query), (u) => presentUser(u))),
  );

  app.get(
    '/user/:id',
    {
      config: { permissions: ['ADMIN_ACCOUNT', 'VIEW_USER_DETAILS'] },
      schema: { params: idParamsSchema, response: { 200: dataSchema(userSchema) } },
    },
    async (req) => data(presentUser(await readUser(caller(req), req.params.id))),
  );

  app.post(
    '/user',
    {
      config: { permissions: [...MANAGE] },
      schema: { body: userInputSchema, response: { 200: dataSchema(userSchema) } },
    },
    async (req) => data(presentUser(await createUser(ctx, caller(req), req.body))),
  );

  app.put(
    '/user/:id',
    {
      config: { permissions: [...MANAGE] },
      schema: { params: idParamsSchema, body: userUpdateSchema, response: { 200: dataSchema(userSchema) } },
    },
    async (req) => data(presentUser(await updateUser(ctx, caller(req), req.params.id, req.body))),
  );

  app.delete(
    '/user/:id',
    { config: { permissions: [...MANAGE] }, schema: { params: idParamsSchema } },
    async (req, reply) => {
      await deleteUser(ctx, caller(req), req.params.id);
      return reply.status(204).send();
    },
  );
};
