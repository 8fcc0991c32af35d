import { pageQuerySchema, pageSchema } from '@waymark/contracts/common';
import { userInputSchema, userSchema, userUpdateSchema } from '@waymark/contracts/user';
import type { Prisma } from '@waymark/db/client';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { caller } from '../../plugins/app/auth';
import { presentUser } from './users.presenter';
import { createUser, deleteUser, getUser, updateUser } from './users.service';

const idParams = z.object({ id: z.coerce.number().int().positive() });
const data = <T extends z.ZodType>(schema: T) => z.object({ data: schema });
const SORTABLE = ['id', 'name', 'email', 'createdAt', 'lastLoginAt'] as const;
const MANAGE = ['ADMIN_ACCOUNT', 'VIEW_USERS'] as const;

/** /api/v2/auth/me and /api/v2/user (paged, for the admin area). */
export const usersV2Routes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/auth/me', { schema: { response: { 200: data(userSchema) } } }, async (req) => ({
    data: presentUser(caller(req).user),
  }));

  app.get(
    '/user',
    {
      config: { permissions: [...MANAGE] },
      schema: {
        querystring: pageQuerySchema.extend({ tenantId: z.coerce.number().int().optional() }),
        response: { 200: data(pageSchema(userSchema)) },
      },
    },
    async (req) => {
      const { page, size, search, sortBy, sortOrder, tenantId } = req.query;
      const auth = caller(req);
      const where: Prisma.UserWhereInput = {
        ...(tenantId ? { tenantId } : {}),
        ...(search
          ? {
              OR: [
                { name: { contains: search, mode: 'insensitive' } },
                { email: { contains: search, mode: 'insensitive' } },
              ],
            }
          : {}),
      };
      const sort = SORTABLE.includes(sortBy as never) ? (sortBy as string) : 'id';
      const [total, users] = await Promise.all([
        auth.db.user.count({ where }),
        auth.db.user.findMany({
          where,
          include: { role: true },
          orderBy: { [sort]: sortOrder },
          skip: page * size,
          take: size,
        }),
      ]);
      return {
        data: {
          content: users.map(presentUser),
          page,
          size,
          totalElements: total,
          totalPages: Math.ceil(total / size),
        },
      };
    },
  );

  app.get(
    '/user/:id',
    {
      config: { permissions: ['ADMIN_ACCOUNT', 'VIEW_USER_DETAILS'] },
      schema: { params: idParams, response: { 200: data(userSchema) } },
    },
    async (req) => ({ data: presentUser(await getUser(caller(req), req.params.id)) }),
  );

  app.post(
    '/user',
    { config: { permissions: [...MANAGE] }, schema: { body: userInputSchema, response: { 200: data(userSchema) } } },
    async (req) => ({ data: presentUser(await createUser(ctx, caller(req), req.body)) }),
  );

  app.put(
    '/user/:id',
    {
      config: { permissions: [...MANAGE] },
      schema: { params: idParams, body: userUpdateSchema, response: { 200: data(userSchema) } },
    },
    async (req) => ({ data: presentUser(await updateUser(ctx, caller(req), req.params.id, req.body)) }),
  );

  app.delete(
    '/user/:id',
    { config: { permissions: [...MANAGE] }, schema: { params: idParams } },
    async (req, reply) => {
      await deleteUser(ctx, caller(req), req.params.id);
      return reply.status(204).send();
    },
  );
};
