import { permissionCatalogue, permissionCatalogueSchema } from '@waymark/contracts/permissions';
import { roleInputSchema, roleSchema } from '@waymark/contracts/role';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { found } from '../../plugins/app/access-scope';
import { caller } from '../../plugins/app/auth';
import { presentRole } from './roles.presenter';
import { createRole, deleteRole, updateRole } from './roles.service';

const idParams = z.object({ id: z.coerce.number().int().positive() });
const data = <T extends z.ZodType>(schema: T) => z.object({ data: schema });

/** /api/v2/role: roles and the permission catalogue for the admin area. */
export const rolesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/role',
    { config: { permissions: ['VIEW_ROLES'] }, schema: { response: { 200: data(z.array(roleSchema)) } } },
    async (req) => {
      const roles = await caller(req).db.role.findMany({ orderBy: [{ tenantId: 'asc' }, { name: 'asc' }] });
      return { data: roles.map(presentRole) };
    },
  );

  app.get(
    '/role/permissions',
    {
      config: { permissions: ['VIEW_ROLES', 'CREATE_ROLE', 'EDIT_ROLE'] },
      schema: { response: { 200: data(permissionCatalogueSchema) } },
    },
    async () => ({ data: permissionCatalogue() }),
  );

  // The current user's roles (any signed-in user).
  app.get('/role/user', { schema: { response: { 200: data(z.array(roleSchema)) } } }, async (req) => {
    const { user } = caller(req);
    return { data: user.role ? [presentRole(user.role)] : [] };
  });

  app.get(
    '/role/:id',
    { config: { permissions: ['VIEW_ROLES'] }, schema: { params: idParams, response: { 200: data(roleSchema) } } },
    async (req) => ({
      data: presentRole(found(await caller(req).db.role.findUnique({ where: { id: req.params.id } }))),
    }),
  );

  app.post(
    '/role',
    {
      config: { permissions: ['CREATE_ROLE'] },
      schema: { body: roleInputSchema, response: { 200: data(roleSchema) } },
    },
    async (req) => ({ data: presentRole(await createRole(ctx, caller(req), req.body)) }),
  );

  app.put(
    '/role/:id',
    {
      config: { permissions: ['EDIT_ROLE'] },
      schema: { params: idParams, body: roleInputSchema, response: { 200: data(roleSchema) } },
    },
    async (req) => ({ data: presentRole(await updateRole(ctx, caller(req), req.params.id, req.body)) }),
  );

  app.delete(
    '/role/:id',
    { config: { permissions: ['EDIT_ROLE'] }, schema: { params: idParams } },
    async (req, reply) => {
      await deleteRole(ctx, caller(req), req.params.id);
      return reply.status(204).send();
    },
  );
};
