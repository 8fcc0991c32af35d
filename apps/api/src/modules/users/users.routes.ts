import { messages } from '@waymark/contracts/errors';
import { registrationSchema, userInputSchema, userSchema, userUpdateSchema } from '@waymark/contracts/user';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { forbidden, HttpError } from '../../http-error';
import { caller } from '../../plugins/app/auth';
import { checkPreferences } from '../server/preferences';
import { register } from './registration';
import { presentUser } from './users.presenter';
import { canManageUsers, createUser, deleteUser, getUser, updateUser } from './users.service';

const idParams = z.object({ id: z.coerce.number().int().positive() });

/** Traccar's /api/users. POST without a session is self-registration. */
export const usersRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/users',
    {
      config: { permissions: ['ADMIN_ACCOUNT', 'VIEW_USERS'] },
      schema: {
        querystring: z.object({
          userId: z.coerce.number().int().optional(),
          tenantId: z.coerce.number().int().optional(),
        }),
        response: { 200: z.array(userSchema) },
      },
    },
    async (req) => {
      const auth = caller(req);
      const users = await auth.db.user.findMany({
        where: {
          ...(req.query.userId ? { id: req.query.userId } : {}),
          ...(req.query.tenantId ? { tenantId: req.query.tenantId } : {}),
        },
        include: { role: true },
        orderBy: { id: 'asc' },
        take: 5000,
      });
      return users.map(presentUser);
    },
  );

  app.get('/users/:id', { schema: { params: idParams, response: { 200: userSchema } } }, async (req) => {
    const auth = caller(req);
    const self = req.params.id === auth.user.id;
    if (
      !self &&
      !auth.permissions.some((p) => p === 'VIEW_USER_DETAILS' || p === 'VIEW_USERS' || p === 'ADMIN_ACCOUNT')
    ) {
      throw forbidden();
    }
    return presentUser(await getUser(auth, req.params.id));
  });

  app.post(
    '/users',
    { config: { auth: 'optional' }, schema: { body: userInputSchema, response: { 200: userSchema } } },
    async (req) => {
      if (!req.auth) {
        const parsed = registrationSchema.safeParse(req.body);
        if (!parsed.success) {
          const details = parsed.error.issues.map((i) => ({ path: ['body', ...i.path].join('.'), message: i.message }));
          throw new HttpError(400, messages.invalidParameters, { details });
        }
        return presentUser(await register(ctx, parsed.data, req.ip));
      }
      if (!canManageUsers(req.auth)) throw forbidden();
      return presentUser(await createUser(ctx, req.auth, req.body));
    },
  );

  app.put(
    '/users/:id',
    { schema: { params: idParams, body: userUpdateSchema, response: { 200: userSchema } } },
    async (req) => {
      const auth = caller(req);
      const input = { ...req.body };
      if (input.attributes !== undefined) input.attributes = checkPreferences(input.attributes);
      // Traccar's clients send the whole user back: an unchanged expiration time is not a change of privileges
      if (input.expirationTime !== undefined && req.params.id === auth.user.id) {
        const current = auth.user.expirationTime?.getTime() ?? null;
        const sent = input.expirationTime === null ? null : new Date(input.expirationTime).getTime();
        if (current === sent) delete input.expirationTime;
      }
      return presentUser(await updateUser(ctx, auth, req.params.id, input));
    },
  );

  app.delete('/users/:id', { schema: { params: idParams } }, async (req, reply) => {
    const auth = caller(req);
    if (!canManageUsers(auth)) throw forbidden();
    await deleteUser(ctx, auth, req.params.id);
    return reply.status(204).send();
  });
};
